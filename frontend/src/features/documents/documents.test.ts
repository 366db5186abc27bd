import { describe, expect, it } from 'vitest'
import * as d from './documents'

const file = (name: string, type: string, size = 1000) => ({ name, type, size })

describe('identity document rules', () => {
  it('take one JPG, JPEG or PNG whose type and extension agree', () => {
    expect(d.fileError([file('id.png', 'image/png')])).toBeNull()
    expect(d.fileError([file('ID.JPG', 'image/jpeg')])).toBeNull()
    expect(d.fileError([file('id.jpeg', 'image/jpeg')])).toBeNull()
    expect(d.fileError([file('id.gif', 'image/gif')])).toBe('The file you selected is an unsupported type (JPG and PNG only)')
    expect(d.fileError([file('id.pdf', 'application/pdf')])).toBe(d.UNSUPPORTED)
    expect(d.fileError([file('id.png', 'image/jpeg')])).toBe(d.UNSUPPORTED)
    expect(d.fileError([file('id', '')])).toBe(d.UNSUPPORTED)
    expect(d.fileError([file('a.png', 'image/png'), file('b.png', 'image/png')])).toBe('Please choose only one file.')
    expect(d.fileError([])).toBeNull()
  })
  it('5MB at most, and not empty', () => {
    expect(d.fileError([file('id.png', 'image/png', 5 * 1024 * 1024)])).toBeNull()
    expect(d.fileError([file('id.png', 'image/png', 5 * 1024 * 1024 + 1)])).toBe('The file you selected is too large (5MB max)')
    expect(d.fileError([file('id.png', 'image/png', 0)])).toBe('Something went wrong while reading the file. Please try again or choose a different file.')
  })
  it('document types', () => {
    expect(d.DOCUMENT_TYPES).toEqual(['passport', 'idCard', 'license'])
    expect(d.isDocumentType('idCard')).toBe(true)
    expect(d.isDocumentType('visa')).toBe(false)
    expect(d.formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB')
    expect(d.formatFileSize(100)).toBe('1 KB')
  })
})
