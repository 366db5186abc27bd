/** Turns a thrown call failure into the form's view of it (network or an answer with a body). */
import { errorFromThrown } from '../../api/errors'
import type { AuthFailure } from '../../domain/authErrors'

export function authFailure(error: unknown): AuthFailure {
  const e = errorFromThrown(error)
  const hasMessages = e.read.messages.length > 0 || e.read.errorType !== null
  if (e.isNetwork || (e.kind === 'SERVER' && !hasMessages)) return { network: true }
  return { network: false, error: e.read }
}
