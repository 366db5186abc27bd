/**
 * The api's one error shape (docs/errors.md) and the client error classes (spec doc 1 §8 "Client error classes").
 * Every error body is `{errors: [{message, field?}], error_type?}`; this module is the only place that reads one:
 * `readError` gives the first message (the one shown), every message, the field errors and the error_type.
 */
import type { components } from './schema.gen'

export type ErrorBody = components['schemas']['ErrorBody']
export type ErrorItem = components['schemas']['ErrorItem']

/** An error body as the app uses it. */
export interface ReadError {
  /** the first message: the one shown (spec doc 1 §8), null when the body had none */
  message: string | null
  /** every message, in the body's order */
  messages: string[]
  /** field → its first message, for the entries that name a field */
  fields: Record<string, string>
  errorType: string | null
}

function items(body: unknown): ErrorItem[] {
  const list = body && typeof body === 'object' && 'errors' in body ? body.errors : undefined
  if (!Array.isArray(list)) return []
  return list.flatMap((e): ErrorItem[] => {
    const message: unknown = e && typeof e === 'object' && 'message' in e ? e.message : undefined
    const field: unknown = e && typeof e === 'object' && 'field' in e ? e.field : undefined
    if (typeof message !== 'string' || message === '') return []
    return [typeof field === 'string' && field ? { message, field } : { message }]
  })
}

/** Reads any answer's body in the one error shape; anything else reads as no message at all. */
export function readError(body: unknown): ReadError {
  const entries = items(body)
  const fields: Record<string, string> = {}
  for (const e of entries) if (e.field && !(e.field in fields)) fields[e.field] = e.message
  const type = body && typeof body === 'object' && 'error_type' in body ? body.error_type : undefined
  return {
    message: entries[0]?.message ?? null,
    messages: entries.map((e) => e.message),
    fields,
    errorType: typeof type === 'string' && type ? type : null,
  }
}

/** A form's view of an error: the errors of the fields it has go on those fields, every other message (in order)
 * goes in the form's alert, so the first message is always shown, on its field or above the buttons. */
export function formErrors(error: ReadError, known: readonly string[]): { fields: Record<string, string>; messages: string[] } {
  const fields = Object.fromEntries(Object.entries(error.fields).filter(([name]) => known.includes(name)))
  const shown = new Set(Object.values(fields))
  return { fields, messages: [...new Set(error.messages.filter((m) => !shown.has(m)))] }
}

/** The message to show for a failed call: the first message of its body, else `fallback` (network, no body). */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.read.message : null) ?? fallback
}

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

  /** the answer's body read in the one error shape */
  readonly read: ReadError

  constructor(kind: ApiErrorKind, status: number | null, body: unknown, message?: string) {
    const read = readError(body)
    super(message ?? read.message ?? read.errorType ?? kind)
    this.name = 'ApiError'
    this.kind = kind
    this.status = status
    this.read = read
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

export function errorFromResponse(status: number, body: unknown): ApiError {
  return new ApiError(kindForStatus(status), status, body)
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
