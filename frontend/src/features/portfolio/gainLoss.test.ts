import { describe, expect, it } from 'vitest'
import { signedMoney, signedPercent, toneOf } from './gainLoss'

describe('gain/loss text', () => {
  it('carries its sign in the text, not only in the colour', () => {
    expect([toneOf('40.00'), signedMoney('40.00'), signedPercent('31.25')]).toEqual(['gain', '+$40.00', '+31.25%'])
    expect([toneOf('-4.50'), signedMoney('-4.50'), signedPercent('-15')]).toEqual(['loss', '-$4.50', '-15.00%'])
    expect([toneOf('0.00'), signedMoney('0.00'), signedPercent('0.00')]).toEqual(['flat', '$0.00', '0.00%'])
  })

  it('shows a dash without a percentage (nothing paid)', () => {
    expect(signedPercent(null)).toBe('—')
  })
})
