/**
 * Payment-customer statuses (spec doc 2 §4, doc 3 §2.6): the popup each shows, with the server's texts
 * (domain/customer_status.py through rules.gen.ts, generated), and the document-needed statuses that turn
 * 'Transaction History' into 'Upload ID'.
 */
import { customerStatusRules as c } from './rules.gen'

export interface StatusPopup {
  title: string
  message: string
  /** where OKAY goes; null: it only closes */
  action: string | null
}

export function isDocumentNeeded(status: string | null | undefined): boolean {
  return (c.DOCUMENT_NEEDED as readonly string[]).includes(status ?? '')
}

// the browser's own: the 'Upload ID' button's popup has no server counterpart
export const UPLOAD_ID_POPUP: StatusPopup = {
  title: 'Please Upload Photo ID',
  message: "To verify your identity we need a photo of your driver's license or another government-issued photo ID.",
  action: '/app/document',
}

/** null for verified and not-created (nothing to show); the retry statuses go back to the onboarding. */
export function customerStatusPopup(status: string | null | undefined): StatusPopup | null {
  const s = status ?? 'not-created'
  if (s === 'verified' || s === 'not-created') return null
  if (isDocumentNeeded(s)) return { title: c.DOCUMENT_TITLE, message: c.DOCUMENT_MESSAGE, action: '/app/document' }
  if (s === 'pending' || s === 'document-pending') return { title: c.PENDING_TITLE, message: c.PENDING_MESSAGE, action: null }
  if (s === 'retry' || s === 'invalid-info') return { title: c.RETRY_TITLE, message: c.RETRY_MESSAGE, action: '/app/onboarding' }
  if (s === 'suspended') return { title: c.SUSPENDED_TITLE, message: c.SUSPENDED_MESSAGE, action: null }
  return { title: c.FAILED_TITLE, message: c.FAILED_MESSAGE, action: null }
}
