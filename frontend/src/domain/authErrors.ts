/** Which message an auth form shows for a failed call (spec doc 1 §8 "Login", "Signup"). */
import type { ErrorBody } from '../api/types'
import { NETWORK_FAILURE, UNABLE_TO_LOGIN, UNABLE_TO_SIGNUP } from './validation'

/** The failure as seen by a form: no answer at all (network), or an answer with a body. */
export type AuthFailure = { network: true } | { network: false; body: ErrorBody | null }

export function errorMessages(body: ErrorBody | null | undefined): string[] {
  return (body?.errors ?? []).map((e) => e?.message).filter((m): m is string => typeof m === 'string' && m !== '')
}

/** Login: network → try later; error_type if given; else the first error; else the generic text. */
export function loginErrorMessage(failure: AuthFailure): string {
  if (failure.network) return NETWORK_FAILURE
  if (failure.body?.error_type) return failure.body.error_type
  return errorMessages(failure.body)[0] ?? UNABLE_TO_LOGIN
}

/** Signup: network → try later; error_type if given; else every error message; else the generic text. */
export function signupErrorMessages(failure: AuthFailure): string[] {
  if (failure.network) return [NETWORK_FAILURE]
  if (failure.body?.error_type) return [failure.body.error_type]
  const messages = errorMessages(failure.body)
  return messages.length > 0 ? messages : [UNABLE_TO_SIGNUP]
}

/** Any other call: the first message of the errors array, else a fallback. */
export function firstErrorMessage(body: ErrorBody | null | undefined, fallback: string): string {
  return errorMessages(body)[0] ?? body?.message ?? body?.detail ?? fallback
}
