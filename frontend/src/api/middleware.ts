/**
 * openapi-fetch middleware (spec doc 1 §7, §8): app headers and JWT, conditional requests (If-None-Match by the
 * browser's cache on reads, If-Match on updates with a 412 → retry with the fresh tag), refreshed `token` fields (stored and stripped),
 * and 401 → logout ('session expired', silent for a POST).
 */
import type { Middleware } from 'openapi-fetch'
import { APP_VERSION } from '../config'
import type { LogoutReason } from '../app/session/logoutReasons'

export interface SessionPort {
  token(): string | null
  setToken(token: string): void
  logout(reason: LogoutReason): void
}

/** Calls whose own answer carries the token (never stripped) or that must not log out on 401. */
const AUTH_PATHS = ['/api/v3/auth/login/', '/api/auth/registration/', '/api/token-refresh/']

function isAuthPath(url: string): boolean {
  const path = new URL(url, 'http://x').pathname
  return AUTH_PATHS.includes(path)
}

/** "android" inside the Android wrapper (its user agent contains VitrineAndroid), else "web". */
export function appName(userAgent: string): 'android' | 'web' {
  return userAgent.includes('VitrineAndroid') ? 'android' : 'web'
}

function tokenOf(request: Request): string | null {
  const header = request.headers.get('Authorization')
  return header?.replace(/^(JWT|Bearer)\s+/i, '') ?? null
}

export function headersMiddleware(port: SessionPort, userAgent: () => string): Middleware {
  return {
    onRequest({ request }) {
      const token = port.token()
      if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `JWT ${token}`)
      request.headers.set('X-App-Name', appName(userAgent()))
      request.headers.set('X-App-Version', APP_VERSION)
      return request
    },
  }
}

function withoutLength(headers: Headers): Headers {
  const copy = new Headers(headers)
  copy.delete('Content-Length')
  return copy
}

/** The entity tags of the last reads, by URL (at most `max`, the oldest forgotten first), for If-Match. */
export class EntityTags {
  private readonly tags = new Map<string, string>()
  constructor(private readonly max = 200) {}

  get(url: string): string | undefined {
    return this.tags.get(url)
  }

  set(url: string, tag: string): void {
    this.tags.delete(url)
    this.tags.set(url, tag)
    const oldest = this.tags.size > this.max ? this.tags.keys().next().value : undefined
    if (oldest !== undefined) this.tags.delete(oldest)
  }

  delete(url: string): void {
    this.tags.delete(url)
  }
}

/**
 * Conditional requests (spec doc 1 §7). Reads: the client asks the browser to revalidate every read (cache mode
 * 'no-cache'), so the browser sends If-None-Match with the tag it holds and answers a 304 with the body it kept.
 * Updates and deletes: If-Match with the tag of the last read of that URL; a 412 reads the fresh tag and sends the
 * update once more with it.
 */
export function etagMiddleware(tags: EntityTags, fetchFn: (r: Request) => Promise<Response>): Middleware {
  const pendingRetries = new Map<string, Request>()
  return {
    onRequest({ request, id }) {
      const tag = tags.get(request.url)
      if ((request.method === 'PATCH' || request.method === 'PUT' || request.method === 'DELETE') && tag) {
        request.headers.set('If-Match', tag)
        pendingRetries.set(id, request.clone())
      }
      return request
    },
    async onResponse({ request, response, id }) {
      const retry = pendingRetries.get(id)
      pendingRetries.delete(id)
      if (request.method === 'GET') {
        const tag = response.headers.get('ETag')
        if (response.ok && tag) tags.set(request.url, tag)
        return undefined
      }
      if (response.status === 412 && retry) {
        // somebody changed the resource: read the fresh tag (past the browser's cache), then send the update again
        const fresh = await fetchFn(new Request(request.url, { method: 'GET', headers: retry.headers, cache: 'no-store' }))
        const tag = fresh.headers.get('ETag')
        if (!fresh.ok || !tag) return undefined
        retry.headers.set('If-Match', tag)
        return fetchFn(retry)
      }
      if (response.ok) tags.delete(request.url)
      return undefined
    },
  }
}

export function refreshedTokenMiddleware(port: SessionPort): Middleware {
  return {
    async onResponse({ request, response }) {
      if (isAuthPath(request.url) || !(response.headers.get('Content-Type') ?? '').includes('json')) return undefined
      const text = await response.clone().text()
      if (!text.includes('"token"')) return undefined
      let data: unknown
      try {
        data = JSON.parse(text)
      } catch {
        return undefined
      }
      if (!data || typeof data !== 'object' || Array.isArray(data) || !('token' in data)) return undefined
      const { token } = data
      const rest = Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'token'))
      if (typeof token === 'string' && token && port.token() !== null && tokenOf(request) === port.token()) {
        port.setToken(token)
      }
      return new Response(JSON.stringify(rest), { status: response.status, statusText: response.statusText, headers: withoutLength(response.headers) })
    },
  }
}

export function unauthorizedMiddleware(port: SessionPort): Middleware {
  return {
    onResponse({ request, response }) {
      if (response.status !== 401 || isAuthPath(request.url)) return undefined
      const current = port.token()
      // only the session that made the call ends; a late answer for an older session changes nothing
      if (current !== null && tokenOf(request) === current) {
        port.logout(request.method === 'POST' ? 'silent' : 'session-expired')
      }
      return undefined
    },
  }
}
