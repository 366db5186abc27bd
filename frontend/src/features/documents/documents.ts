/**
 * Identity document upload rules and messages (spec doc 2 §2.4, §5, §8): the server's domain/documents.py through
 * rules.gen.ts (generated).
 */
import { documentRules } from '../../domain/rules.gen'

export const { DOCUMENT_TYPES, MAX_BYTES, UNSUPPORTED, TOO_LARGE, READ_FAILED, UPLOAD_FAILED, CHOOSE_TYPE } = documentRules
export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export const DOCUMENT_LABELS: Readonly<Record<DocumentType, string>> = { passport: 'Passport', idCard: 'ID Card', license: 'License' }

const CONTENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/jpg': ['jpg', 'jpeg'],
  'image/png': ['png'],
}

/** What the file input accepts (a hint to the picker; the rule is fileError). */
export const ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png'

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPES as readonly string[]).includes(value)
}

export interface FileFacts {
  name: string
  type: string
  size: number
}

/** Only one JPG/JPEG/PNG file (its type and its name's extension agree), not empty, 5MB at most. */
export function fileError(files: readonly FileFacts[]): string | null {
  const file = files[0]
  if (files.length !== 1 || !file) return files.length > 1 ? 'Please choose only one file.' : null
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : ''
  const allowed = CONTENT_TYPES[file.type.toLowerCase()]
  if (!allowed || !allowed.includes(extension)) return UNSUPPORTED
  if (file.size > MAX_BYTES) return TOO_LARGE
  if (file.size === 0) return READ_FAILED
  return null
}

/** 1.2 MB, 340 KB */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}
