/**
 * The document type chosen on the first step, kept for the upload step: the flow only hands a step its own values, and
 * the upload address request needs the type (session storage, per flow).
 */
import { isDocumentType, type DocumentType } from './documents'

const key = (flowId: string) => `document-type:${flowId}`

export function rememberType(flowId: string, type: string): void {
  try {
    sessionStorage.setItem(key(flowId), type)
  } catch {
    // private mode: the upload step asks again
  }
}

export function chosenType(flowId: string): DocumentType | null {
  try {
    const value = sessionStorage.getItem(key(flowId))
    return isDocumentType(value) ? value : null
  } catch {
    return null
  }
}
