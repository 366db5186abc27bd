import { describe, expect, it } from 'vitest'
import { APPROVED_FLAG, declinedOrders, markDeclined, showsTradingApproved } from './ShellPopups'

function memory(): Storage {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) } as Storage
}

describe('shell popups', () => {
  it('remembers a declined confirmation per order for the session', () => {
    const s = memory()
    expect(declinedOrders(s)).toEqual([])
    markDeclined(s, 'a')
    markDeclined(s, 'a')
    markDeclined(s, 'b')
    expect(declinedOrders(s)).toEqual(['a', 'b'])
  })
  it('shows trading-approved only for trading without offerings, until the flag is set', () => {
    const s = memory()
    expect(showsTradingApproved({ trading_enabled: true, io_enabled: false }, s)).toBe(true)
    expect(showsTradingApproved({ trading_enabled: true, io_enabled: true }, s)).toBe(false)
    expect(showsTradingApproved({ trading_enabled: false, io_enabled: false }, s)).toBe(false)
    expect(showsTradingApproved(undefined, s)).toBe(false)
    s.setItem(APPROVED_FLAG, '1')
    expect(showsTradingApproved({ trading_enabled: true, io_enabled: false }, s)).toBe(false)
  })
})
