/** The typed API client: openapi-fetch over the generated schema, with the app's middleware. */
import createClient, { type Client } from 'openapi-fetch'
import { REQUEST_TIMEOUT_MS } from '../config'
import { session } from '../app/session/sessionStore'
import {
  EntityTags,
  etagMiddleware,
  headersMiddleware,
  refreshedTokenMiddleware,
  unauthorizedMiddleware,
  type SessionPort,
} from './middleware'
import type { paths } from './schema.gen'

export type FetchFn = (request: Request) => Promise<Response>

/** fetch with a time limit (60000 ms by default); the caller's own abort still works. */
export function fetchWithTimeout(timeoutMs: number, base: (input: Request, init?: RequestInit) => Promise<Response> = (i, n) => globalThis.fetch(i, n)): FetchFn {
  return async (request) => {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), timeoutMs)
    const forward = () => controller.abort(request.signal.reason)
    if (request.signal.aborted) forward()
    else request.signal.addEventListener('abort', forward, { once: true })
    try {
      return await base(request, { signal: controller.signal })
    } catch (error) {
      throw controller.signal.aborted && controller.signal.reason instanceof DOMException ? controller.signal.reason : error
    } finally {
      clearTimeout(timer)
      request.signal.removeEventListener('abort', forward)
    }
  }
}

export interface ApiClientOptions {
  baseUrl: string
  port: SessionPort
  tags?: EntityTags
  fetch?: FetchFn
  userAgent?: () => string
}

/** A client over the generated schema's paths, or (typed by hand, see purchase.ts) calls not in it yet. */
export function createApiClient<P extends object = paths>(options: ApiClientOptions): Client<P> {
  const fetchFn = options.fetch ?? fetchWithTimeout(REQUEST_TIMEOUT_MS)
  // 'no-cache': the browser revalidates every read with the tag it holds (If-None-Match) and answers a 304 with the
  // body it kept; TanStack Query keeps the app's copy (api/queryClient.ts)
  const client = createClient<P>({ baseUrl: options.baseUrl, fetch: fetchFn, credentials: 'include', cache: 'no-cache' })
  client.use(
    headersMiddleware(options.port, options.userAgent ?? (() => (typeof navigator === 'undefined' ? '' : navigator.userAgent))),
    etagMiddleware(options.tags ?? new EntityTags(), fetchFn),
    refreshedTokenMiddleware(options.port),
    unauthorizedMiddleware(options.port),
  )
  return client
}

export const sessionPort: SessionPort = {
  token: () => session.get().token,
  setToken: (token) => session.setToken(token),
  logout: (reason) => session.logout(reason),
}

export const API_BASE_URL = typeof window === 'undefined' ? 'http://localhost' : window.location.origin

export const api = createApiClient({
  baseUrl: API_BASE_URL,
  port: sessionPort,
})
