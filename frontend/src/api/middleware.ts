/**
 * openapi-fetch middleware (spec doc 1 §7, §8): app headers and JWT, ETag caching with If-None-Match / If-Match
 * (304 → cached body, 412 → retry with the fresh tag), refreshed `token` fields (stored and stripped),
 * and 401 → logout ('session expired', silent for a POST).
 */
import type { Middleware } from 'openapi-fetch'
import { APP_VERSION } from '../config'
import type { LogoutReason } from '../session/logoutReasons'
import type { EtagCache } from './etagCache'

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

export function etagMiddleware(cache: EtagCache, fetchFn: (r: Request) => Promise<Response>): Middleware {
  const pendingRetries = new Map<string, Request>()
  return {
    onRequest({ request, id }) {
      const cached = cache.get(request.url)
      if (request.method === 'GET' && cached) {
        request.headers.set('If-None-Match', cached.etag)
      } else if ((request.method === 'PATCH' || request.method === 'PUT' || request.method === 'DELETE') && cached) {
        request.headers.set('If-Match', cached.etag)
        pendingRetries.set(id, request.clone())
      }
      return request
    },
    async onResponse({ request, response, id }) {
      const retry = pendingRetries.get(id)
      pendingRetries.delete(id)
      if (request.method === 'GET') {
        const cached = cache.get(request.url)
        if (response.status === 304 && cached) {
          return new Response(cached.body, { status: 200, statusText: 'OK', headers: { 'Content-Type': cached.contentType, ETag: cached.etag } })
        }
        const etag = response.headers.get('ETag')
        if (response.status === 200 && etag) {
          const body = await response.clone().text()
          cache.set(request.url, { etag, body, contentType: response.headers.get('Content-Type') ?? 'application/json' })
        }
        return undefined
      }
      if (response.status === 412 && retry) {
        // somebody changed the resource: read the fresh tag, then send the update once more with it
        const fresh = await fetchFn(new Request(request.url, { method: 'GET', headers: retry.headers }))
        const etag = fresh.headers.get('ETag')
        if (!fresh.ok || !etag) return undefined
        retry.headers.set('If-Match', etag)
        return fetchFn(retry)
      }
      if (response.ok) cache.delete(request.url)
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
      const { token, ...rest } = data as Record<string, unknown>
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
