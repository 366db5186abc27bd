/**
 * Payment-customer statuses (spec doc 2 §4, doc 3 §2.6): the popup each shows, as the server's
 * domain/customer_status.py, and the document-needed statuses that turn 'Transaction History' into 'Upload ID'.
 */
export interface StatusPopup {
  title: string
  message: string
  /** where OKAY goes; null: it only closes */
  action: string | null
}

const DOCUMENT_NEEDED = ['document', 'document-required', 'retry-document']

export function isDocumentNeeded(status: string | null | undefined): boolean {
  return DOCUMENT_NEEDED.includes(status ?? '')
}

export const UPLOAD_ID_POPUP: StatusPopup = {
  title: 'Please Upload Photo ID',
  message: "To verify your identity we need a photo of your driver's license or another government-issued photo ID.",
  action: '/app/document',
}

/** null for verified and not-created (nothing to show); the retry statuses go back to the onboarding. */
export function customerStatusPopup(status: string | null | undefined): StatusPopup | null {
  const s = status ?? 'not-created'
  if (s === 'verified' || s === 'not-created') return null
  if (isDocumentNeeded(s)) return { title: 'Upload a Photo ID', message: 'To verify your identity, please upload a photo of your ID.', action: '/app/document' }
  if (s === 'pending' || s === 'document-pending') return { title: 'Almost There', message: 'Your verification is in process; this usually takes 2-3 days.', action: null }
  if (s === 'retry' || s === 'invalid-info') return { title: 'Please Verify Your Info', message: 'We could not verify your identity. Please check your details.', action: '/app/onboarding' }
  if (s === 'suspended') return { title: 'Account Locked', message: 'Your account is locked for security. Please contact support.', action: null }
  return { title: 'Something went wrong', message: 'Something went wrong. Please try again.', action: null }
}
