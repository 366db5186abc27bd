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
