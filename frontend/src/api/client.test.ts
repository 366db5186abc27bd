import { describe, expect, it, vi } from 'vitest'
import type { LogoutReason } from '../app/session/logoutReasons'
import { createApiClient, fetchWithTimeout, type FetchFn } from './client'
import { appName, EntityTags, type SessionPort } from './middleware'

function port(token: string | null = 'tok-1') {
  const state = { token, logouts: [] as LogoutReason[] }
  const p: SessionPort = {
    token: () => state.token,
    setToken: (t) => {
      state.token = t
    },
    logout: (reason) => {
      state.logouts.push(reason)
      state.token = null
    },
  }
  return { p, state }
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'Content-Type': 'application/json', ...(init.headers ?? {}) } })
}

function recorder(answers: ((req: Request) => Response)[]) {
  const requests: Request[] = []
  const fetch: FetchFn = async (req) => {
    requests.push(req.clone())
    const answer = answers.shift()
    if (!answer) throw new Error('no answer left')
    return answer(req)
  }
  return { requests, fetch }
}

const BASE = 'http://vitrine.test'

describe('app headers', () => {
  it('sends JWT, app name and version', async () => {
    const { p } = port('abc')
    const { requests, fetch } = recorder([() => json({ items: [] })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch, userAgent: () => 'Mozilla/5.0 VitrineAndroid/2.12' })
    await api.GET('/api/categories/')
    const req = requests[0]!
    expect(req.headers.get('Authorization')).toBe('JWT abc')
    expect(req.headers.get('X-App-Name')).toBe('android')
    expect(req.headers.get('X-App-Version')).toBe('2.12.0')
  })
  it('web outside the Android wrapper, no Authorization when logged out', async () => {
    const { p } = port(null)
    const { requests, fetch } = recorder([() => json({ items: [] })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch, userAgent: () => 'Mozilla/5.0 Chrome' })
    await api.GET('/api/categories/')
    expect(requests[0]!.headers.get('X-App-Name')).toBe('web')
    expect(requests[0]!.headers.has('Authorization')).toBe(false)
    expect(appName('x VitrineAndroid y')).toBe('android')
  })
})

describe('conditional requests', () => {
  it('asks the browser to revalidate every read, so it sends If-None-Match and answers a 304 with the body it kept', async () => {
    const { p } = port()
    const { requests, fetch } = recorder([() => json({ items: [{ key: 'cars' }] }, { headers: { ETag: '"v1"' } })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch })
    const answer = await api.GET('/api/categories/')
    expect(requests[0]!.cache).toBe('no-cache')
    // the browser adds the conditional header itself; one set by the app would turn its cache off
    expect(requests[0]!.headers.has('If-None-Match')).toBe(false)
    expect(answer.data).toEqual({ items: [{ key: 'cars' }] })
  })
  it('sends If-Match on updates and retries once with the fresh tag after a 412', async () => {
    const { p } = port()
    const { requests, fetch } = recorder([
      () => json({ id: 1, first_name: 'A' }, { headers: { ETag: '"u1"' } }),
      () => json({ errors: [{ message: 'changed' }] }, { status: 412 }),
      () => json({ id: 1, first_name: 'B' }, { headers: { ETag: '"u2"' } }),
      () => json({ id: 1, first_name: 'C' }, { headers: { ETag: '"u3"' } }),
    ])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch, tags: new EntityTags() })
    await api.GET('/api/auth/user/')
    const result = await api.PATCH('/api/auth/user/', { body: { first_name: 'C' } })
    expect(requests[1]!.headers.get('If-Match')).toBe('"u1"')
    expect(requests[2]!.method).toBe('GET')
    // the fresh tag is read past the browser's cache
    expect(requests[2]!.cache).toBe('no-store')
    expect(requests[3]!.method).toBe('PATCH')
    expect(requests[3]!.headers.get('If-Match')).toBe('"u2"')
    expect(await requests[3]!.json()).toEqual({ first_name: 'C' })
    expect(result.data).toEqual({ id: 1, first_name: 'C' })
  })
  it('sends no If-Match for a resource never read, and forgets the tag after a successful update', async () => {
    const { p } = port()
    const { requests, fetch } = recorder([
      () => json({}, { status: 200 }),
      () => json({ id: 1 }, { headers: { ETag: '"u1"' } }),
      () => json({ id: 1 }),
      () => json({ id: 1 }),
    ])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch, tags: new EntityTags() })
    await api.DELETE('/api/dwolla/bank-funding-source/')
    expect(requests[0]!.headers.has('If-Match')).toBe(false)
    await api.GET('/api/auth/user/')
    await api.PATCH('/api/auth/user/', { body: { first_name: 'C' } })
    await api.PATCH('/api/auth/user/', { body: { first_name: 'D' } })
    expect(requests[2]!.headers.get('If-Match')).toBe('"u1"')
    expect(requests[3]!.headers.has('If-Match')).toBe(false)
  })
  it('keeps at most its limit of tags, forgetting the oldest', () => {
    const tags = new EntityTags(2)
    tags.set('a', '1')
    tags.set('b', '2')
    tags.set('c', '3')
    expect([tags.get('a'), tags.get('b'), tags.get('c')]).toEqual([undefined, '2', '3'])
  })
})

describe('refreshed token', () => {
  it('stores and strips a token field', async () => {
    const { p, state } = port('old')
    const { fetch } = recorder([() => json({ detail: 'ok', token: 'new' })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch })
    const result = await api.POST('/api/auth/password/change/', { body: { new_password1: 'A', new_password2: 'A' } })
    expect(result.data).toEqual({ detail: 'ok' })
    expect(state.token).toBe('new')
  })
  it('leaves the login answer alone', async () => {
    const { p, state } = port(null)
    const { fetch } = recorder([() => json({ token: 't', user_id: 3 })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch })
    const result = await api.POST('/api/v3/auth/login/', { body: { email: 'a@b.co', password: 'x', remember_me: false } })
    expect(result.data).toEqual({ token: 't', user_id: 3 })
    expect(state.token).toBeNull()
  })
})

describe('401', () => {
  it('logs out with the session-expired reason on a read', async () => {
    const { p, state } = port()
    const { fetch } = recorder([() => json({ errors: [{ message: 'expired' }] }, { status: 401 })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch })
    await api.GET('/api/categories/')
    expect(state.logouts).toEqual(['session-expired'])
  })
  it('logs out silently on a POST', async () => {
    const { p, state } = port()
    const { fetch } = recorder([() => json({}, { status: 401 })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch })
    await api.POST('/api/assets/notify_me/', { body: { asset: 1 } })
    expect(state.logouts).toEqual(['silent'])
  })
  it('ignores a 401 on login', async () => {
    const { p, state } = port(null)
    const { fetch } = recorder([() => json({}, { status: 401 })])
    const api = createApiClient({ baseUrl: BASE, port: p, fetch })
    await api.POST('/api/v3/auth/login/', { body: { email: 'a@b.co', password: 'x', remember_me: false } })
    expect(state.logouts).toEqual([])
  })
})

describe('timeout', () => {
  it('aborts a request that takes longer than the limit', async () => {
    vi.useFakeTimers()
    try {
      const slow = (_req: Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)))
      const fetch = fetchWithTimeout(60_000, slow)
      const pending = fetch(new Request(`${BASE}/api/categories/`))
      const outcome = pending.catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(60_000)
      const error = (await outcome) as DOMException
      expect(error.name).toBe('TimeoutError')
    } finally {
      vi.useRealTimers()
    }
  })
})
