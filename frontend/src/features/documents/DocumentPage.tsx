/** /app/document/*: the identity document upload, drawn by the generic flow renderer; closing returns to /app. */
import { FlowRenderer } from '../../flows/FlowRenderer'
import { DOCUMENT_STEPS } from './registry'

export function DocumentPage() {
  return <FlowRenderer kind="document-upload" base="/app/document" registry={DOCUMENT_STEPS} exitTo="/app" name="Verify Your Identity" />
}
