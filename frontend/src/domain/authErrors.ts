/** Which message an auth form shows for a failed call (spec doc 1 §8 "Login", "Signup"); the body is read once, by
 * api/errors.ts (`readError`). */
import type { ReadError } from '../api/errors'
import { NETWORK_FAILURE, UNABLE_TO_LOGIN, UNABLE_TO_SIGNUP } from './validation'

/** The failure as seen by a form: no answer at all (network), or an answer read in the one error shape. */
export type AuthFailure = { network: true } | { network: false; error: ReadError }

/** Login: network → try later; error_type if given; else the first error; else the generic text. */
export function loginErrorMessage(failure: AuthFailure): string {
  if (failure.network) return NETWORK_FAILURE
  return failure.error.errorType ?? failure.error.message ?? UNABLE_TO_LOGIN
}

/** Signup: network → try later; error_type if given; else every error message; else the generic text. */
export function signupErrorMessages(failure: AuthFailure): string[] {
  if (failure.network) return [NETWORK_FAILURE]
  if (failure.error.errorType) return [failure.error.errorType]
  return failure.error.messages.length > 0 ? failure.error.messages : [UNABLE_TO_SIGNUP]
}

/** Any other call: network → try later; else the first message of the errors array, else the fallback. */
export function failureMessage(failure: AuthFailure, fallback: string): string {
  if (failure.network) return NETWORK_FAILURE
  return failure.error.message ?? fallback
}
