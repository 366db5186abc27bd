/** Client error classes (spec doc 1 §8 "Client error classes"). */
import type { ErrorBody } from './types'

export type ApiErrorKind =
  | 'GENERIC'
  | 'CLIENT'
  | 'CLIENT_UNAUTHORIZED'
  | 'SERVER'
  | 'UNKNOWN_ONLINE'
  | 'UNKNOWN_OFFLINE'
  | 'REQUEST_SETUP_FAILURE'
  | 'NETWORK_TIMEOUT'
  | 'ABORTED'

export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | null
  readonly body: ErrorBody | null

  constructor(kind: ApiErrorKind, status: number | null, body: ErrorBody | null, message?: string) {
    super(message ?? body?.errors?.[0]?.message ?? body?.error_type ?? kind)
    this.name = 'ApiError'
    this.kind = kind
    this.status = status
    this.body = body
  }

  /** No answer from the server (offline, down, timeout). */
  get isNetwork(): boolean {
    return this.kind === 'UNKNOWN_OFFLINE' || this.kind === 'UNKNOWN_ONLINE' || this.kind === 'NETWORK_TIMEOUT'
  }
}

export function kindForStatus(status: number): ApiErrorKind {
  if (status === 401) return 'CLIENT_UNAUTHORIZED'
  if (status >= 500) return 'SERVER'
  if (status >= 400) return 'CLIENT'
  return 'GENERIC'
}

function asErrorBody(value: unknown): ErrorBody | null {
  return value && typeof value === 'object' ? (value as ErrorBody) : null
}

export function errorFromResponse(status: number, body: unknown): ApiError {
  return new ApiError(kindForStatus(status), status, asErrorBody(body))
}

/** A thrown fetch failure (no response) as an ApiError. */
export function errorFromThrown(error: unknown): ApiError {
  if (error instanceof ApiError) return error
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  if (name === 'TimeoutError') return new ApiError('NETWORK_TIMEOUT', null, null, 'The request timed out')
  if (name === 'AbortError') return new ApiError('ABORTED', null, null, 'The request was aborted')
  if (error instanceof TypeError) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false
    return new ApiError(offline ? 'UNKNOWN_OFFLINE' : 'UNKNOWN_ONLINE', null, null, error.message)
  }
  return new ApiError('REQUEST_SETUP_FAILURE', null, null, error instanceof Error ? error.message : String(error))
}

export function isAborted(error: unknown): boolean {
  return error instanceof ApiError ? error.kind === 'ABORTED' : error instanceof DOMException && error.name === 'AbortError'
}
