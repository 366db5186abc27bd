/**
 * The document-signing callback (spec doc 1 §4 "Signing callback events", §9 delays):
 * signing_complete → 'OK', cancel → 'cancel', decline → 'decline' after 10 ms; anything else shows an error
 * and sends 'error' after 3000 ms.
 */
export const SIGNING_SUCCESS_DELAY_MS = 10
export const SIGNING_ERROR_DELAY_MS = 3000

export interface SigningReply {
  message: 'OK' | 'cancel' | 'decline' | 'error'
  delayMs: number
  showError: boolean
}

export function signingReply(event: string | null): SigningReply {
  switch (event) {
    case 'signing_complete':
      return { message: 'OK', delayMs: SIGNING_SUCCESS_DELAY_MS, showError: false }
    case 'cancel':
      return { message: 'cancel', delayMs: SIGNING_SUCCESS_DELAY_MS, showError: false }
    case 'decline':
      return { message: 'decline', delayMs: SIGNING_SUCCESS_DELAY_MS, showError: false }
    default:
      return { message: 'error', delayMs: SIGNING_ERROR_DELAY_MS, showError: true }
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The same app: the same origin, or the same scheme and port on two names of this machine (localhost and 127.0.0.1,
 * as in a dev or test stack whose signing return address names the other one). Anything else is another site.
 */
export function sameAppOrigin(a: string, b: string): boolean {
  if (a === b) return true
  try {
    const x = new URL(a)
    const y = new URL(b)
    return x.protocol === y.protocol && x.port === y.port && LOOPBACK.has(x.hostname) && LOOPBACK.has(y.hostname)
  } catch {
    return false
  }
}

/** Where the callback page posts: the parent's origin when it is this app (ancestorOrigins), else this page's own. */
export function replyTarget(own: string, ancestors: readonly string[] | undefined): string {
  const parent = ancestors?.[0]
  return parent && sameAppOrigin(parent, own) ? parent : own
}
