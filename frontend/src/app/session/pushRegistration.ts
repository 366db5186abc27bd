/**
 * Push registration inside the Android wrapper (appName(userAgent) === 'android'). The wrapper's bridge, either way:
 *  - `window.VitrineAndroid.fcmToken()` answers the device's push registration id (or null while it has none), and
 *  - the wrapper dispatches `new CustomEvent('vitrine:fcm-token', { detail: id })` on window when the id arrives
 *    later or the push service replaces it.
 * The app registers the id once per login (POST /api/device/fcm/): the id sent is kept under the `firebase_token`
 * key, which a logout wipes; on logout (app/session/logout.ts) the kept id is deleted on the server.
 */
import { useEffect } from 'react'
import { registerDevice } from '../../api/device'
import { appName } from '../../api/middleware'
import { KEYS, readKey, writeKey } from './storage'
import { useSession } from './useSession'

export const FCM_TOKEN_EVENT = 'vitrine:fcm-token'

export interface AndroidBridge {
  fcmToken?: () => string | null | undefined
}

declare global {
  interface Window {
    VitrineAndroid?: AndroidBridge
  }
}

/** The id the wrapper holds now, or null (no bridge, no id yet, or the bridge failed). */
export function bridgeToken(w: { VitrineAndroid?: AndroidBridge }): string | null {
  try {
    const id = w.VitrineAndroid?.fcmToken?.()
    return typeof id === 'string' && id.trim() ? id.trim() : null
  } catch {
    return null
  }
}

export interface PushDeps {
  register(id: string): Promise<unknown>
  /** the id registered in this login, if any */
  sent(): string | null
  keep(id: string): void
}

/** Registers `id` unless this login already did; a failure is retried at the next login or new id. */
export async function registerOnce(id: string | null, deps: PushDeps): Promise<void> {
  if (!id || deps.sent() === id) return
  try {
    await deps.register(id)
    deps.keep(id)
  } catch {
    // not registered: no push to this device until the next try, the app works as before
  }
}

const storedDeps: PushDeps = {
  register: registerDevice,
  sent: () => readKey(KEYS.firebaseToken),
  keep: (id) => writeKey(KEYS.firebaseToken, id),
}

/** Watches the wrapper for the id while logged in, in the Android wrapper only. */
export function watchPushToken(w: Window, deps: PushDeps = storedDeps): () => void {
  if (appName(w.navigator.userAgent) !== 'android') return () => undefined
  void registerOnce(bridgeToken(w), deps)
  const onToken = (e: Event) => {
    const detail = (e as CustomEvent<unknown>).detail
    if (typeof detail === 'string') void registerOnce(detail.trim() || null, deps)
  }
  w.addEventListener(FCM_TOKEN_EVENT, onToken)
  return () => w.removeEventListener(FCM_TOKEN_EVENT, onToken)
}

export function usePushRegistration(): void {
  const { userId } = useSession()
  useEffect(() => (userId === null ? undefined : watchPushToken(window)), [userId])
}
