import { describe, expect, it } from 'vitest'
import { receiptDate, transferDestination, transferSource } from './receipts'

describe('receipts', () => {
  it('dates read hh:mma - MMM DD,YYYY', () => {
    expect(receiptDate(new Date(2024, 0, 5, 15, 7).toISOString())).toBe('03:07PM - Jan 05,2024')
    expect(receiptDate(new Date(2024, 11, 25, 0, 30).toISOString())).toBe('12:30AM - Dec 25,2024')
    expect(receiptDate('nonsense')).toBe('')
  })
  it("'the product account' for source balance", () => {
    expect(transferSource({ type: 'deposit', source_name: 'bank' }, 'Harbor ••••6789')).toBe('Harbor ••••6789')
    expect(transferSource({ type: 'withdrawal', source_name: 'balance' }, 'Harbor')).toBe('your Vitrine account')
    expect(transferDestination({ type: 'withdrawal' }, 'Harbor')).toBe('Harbor')
    expect(transferDestination({ type: 'deposit' }, 'Harbor')).toBe('your Vitrine account')
  })
})
