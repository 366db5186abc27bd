import { describe, expect, it, vi } from 'vitest'
import { bridgeToken, FCM_TOKEN_EVENT, registerOnce, watchPushToken, type PushDeps } from './pushRegistration'

const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36 VitrineAndroid/2.12.0'

function deps(fail = false) {
  const calls: string[] = []
  let kept: string | null = null
  const d: PushDeps = {
    register: async (id) => {
      calls.push(id)
      if (fail) throw new Error('offline')
    },
    sent: () => kept,
    keep: (id) => {
      kept = id
    },
  }
  return { d, calls, kept: () => kept }
}

function wrapper(userAgent: string, token?: string | null) {
  const w = new EventTarget() as EventTarget & { navigator: { userAgent: string }; VitrineAndroid?: { fcmToken: () => string | null } }
  w.navigator = { userAgent }
  if (token !== undefined) w.VitrineAndroid = { fcmToken: () => token }
  return w as unknown as Window
}

// registerOnce calls `register` before its first await, so a call shows at once; what is kept after it answers

describe('push registration in the Android wrapper', () => {
  it("registers the wrapper's id once per login", async () => {
    const { d, calls, kept } = deps()
    const stop = watchPushToken(wrapper(ANDROID_UA, ' dev:APA91b-1 '), d)
    expect(calls).toEqual(['dev:APA91b-1'])
    await vi.waitFor(() => expect(kept()).toBe('dev:APA91b-1'))
    stop()
    watchPushToken(wrapper(ANDROID_UA, 'dev:APA91b-1'), d)() // the same login, the app mounted again
    expect(calls).toEqual(['dev:APA91b-1'])
  })

  it('registers an id the wrapper hands over later by the vitrine:fcm-token event', async () => {
    const { d, calls } = deps()
    const w = wrapper(ANDROID_UA, null)
    const stop = watchPushToken(w, d)
    expect(calls).toEqual([])
    w.dispatchEvent(new CustomEvent(FCM_TOKEN_EVENT, { detail: 'dev:later' }))
    expect(calls).toEqual(['dev:later'])
    stop()
    w.dispatchEvent(new CustomEvent(FCM_TOKEN_EVENT, { detail: 'dev:after-logout' }))
    expect(calls).toEqual(['dev:later'])
  })

  it('does nothing on the web', async () => {
    const { d, calls } = deps()
    watchPushToken(wrapper('Mozilla/5.0 Chrome/130.0', 'dev:web'), d)
    expect(calls).toEqual([])
  })

  it('a failed registration is not kept, so the next try sends it again', async () => {
    const { d, calls, kept } = deps(true)
    await registerOnce('dev:x', d)
    await registerOnce('dev:x', d)
    expect(calls).toEqual(['dev:x', 'dev:x'])
    expect(kept()).toBeNull()
  })

  it('a bridge that throws or answers nothing gives no id', () => {
    expect(bridgeToken({})).toBeNull()
    expect(bridgeToken({ VitrineAndroid: { fcmToken: () => '  ' } })).toBeNull()
    expect(bridgeToken({ VitrineAndroid: { fcmToken: () => { throw new Error('no service') } } })).toBeNull()
  })
})

describe('logout', () => {
  it("deletes the device's id with the session's token, then revokes the token", async () => {
    const store = new Map<string, string>([['token', 'jwt-1'], ['user_id', '7'], ['firebase_token', 'dev:APA91b-1']])
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      },
    })
    const order: string[] = []
    vi.resetModules()
    vi.doMock('../../api/device', () => ({ unregisterDevice: async (token: string, id: string) => order.push(`delete ${id} as ${token}`) }))
    vi.doMock('../../api/endpoints', () => ({ logoutOnServer: async (token: string) => order.push(`logout ${token}`) }))
    const { logoutNow } = await import('./logout')
    logoutNow('user')
    await vi.waitFor(() => expect(order).toEqual(['delete dev:APA91b-1 as jwt-1', 'logout jwt-1']))
    expect(store.has('firebase_token')).toBe(false)
    vi.unstubAllGlobals()
    vi.doUnmock('../api/device')
    vi.doUnmock('../api/endpoints')
  })
})
