import { describe, expect, it } from 'vitest'
import { availability, formName } from './statements'

describe('the Statements screen words', () => {
  it('removes the word Statement from a display name', () => {
    expect(formName('November 2026 Statement')).toBe('November 2026')
    expect(formName('Account Statement October')).toBe('Account October')
    expect(formName('2026 Tax Document')).toBe('2026 Tax Document')
  })
  it('counts what is available, or says there is none', () => {
    expect(availability(0, 'Account Statement')).toBe('No current Account Statements')
    expect(availability(1, 'Account Statement')).toBe('(1) available Account Statement')
    expect(availability(3, 'Tax Document')).toBe('(3) available Tax Documents')
  })
})
