import { describe, expect, it } from 'vitest'
import { tradingOf } from '../../testing/catalogue'
import type { Asset } from '../../api/types'
import {
  acceptDisclosure, countdown, defaultOrderType, disclosureAccepted, marketMode, postOnlyAlertSeen, sessionClosed, sessionCloseAt, tradeButtons,
} from './marketState'

function asset(status: string, market: string, extra: Partial<Asset> = {}): Asset {
  return {
    asset_status: status,
    financialInstrument: { id: '88F40', markets: { secondaryMarket: { status: market } }, sessionHours: { dateClose: '2026-11-23T21:00:00Z' } },
    trading: { current_trading_window: { id: 'w1', status: 'OPEN', remaining_value: 0 } },
    ...extra,
  } as Asset
}

function memory(): Storage {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) } as Storage
}

describe('market state (spec doc 3 §4.1)', () => {
  it('is live only in Trading with the market open', () => {
    expect(marketMode(asset('Trading', 'OPEN'))).toBe('live')
    expect(marketMode(asset('Trading', 'CLOSED'))).toBe('post-only')
    expect(marketMode(asset('Post Only', 'CLOSED'))).toBe('post-only')
  })
  it('is closed when trading closed, disabled or with a positive enabled delay', () => {
    expect(marketMode(asset('Trading closed', 'CLOSED'))).toBe('closed')
    expect(marketMode(asset('Trading', 'DISABLED'))).toBe('closed')
    expect(marketMode(asset('Post Only', 'CLOSED', { trading: tradingOf({ current_trading_window: { id: 'w', status: 'CLOSED', remaining_value: 3 } }) }))).toBe('closed')
    expect(marketMode(asset('Open ICO', 'CLOSED'))).toBe('none')
  })
  it('disables sell without units, both while busy, and offers notify-me when closed', () => {
    expect(tradeButtons('live', { busy: false, unitsOwned: 0 })).toEqual({ show: true, buyDisabled: false, sellDisabled: true, notify: false })
    expect(tradeButtons('live', { busy: false, unitsOwned: 2 }).sellDisabled).toBe(false)
    expect(tradeButtons('post-only', { busy: true, unitsOwned: 2 })).toMatchObject({ buyDisabled: true, sellDisabled: true })
    expect(tradeButtons('closed', { busy: false, unitsOwned: 2 })).toMatchObject({ show: false, notify: true })
  })
  it('counts down to the session close only while live, and knows when it passed', () => {
    expect(sessionCloseAt(asset('Trading', 'OPEN'))?.toISOString()).toBe('2026-11-23T21:00:00.000Z')
    expect(sessionCloseAt(asset('Trading', 'CLOSED'))).toBeNull()
    expect(sessionClosed(asset('Trading', 'OPEN'), new Date('2026-11-23T20:59:59Z'))).toBe(false)
    expect(sessionClosed(asset('Trading', 'OPEN'), new Date('2026-11-23T21:00:00Z'))).toBe(true)
    expect(countdown(3_725_000)).toBe('1:02:05')
    expect(countdown(65_400)).toBe('1:05')
    expect(countdown(-5)).toBe('0:00')
  })
  it('defaults to instant for a live bid with orders data and a lowest ask, else limit', () => {
    expect(defaultOrderType('live', 'BID', true, '10.00')).toBe('INSTANT')
    expect(defaultOrderType('live', 'BID', true, null)).toBe('LIMIT')
    expect(defaultOrderType('live', 'ASK', true, '10.00')).toBe('LIMIT')
    expect(defaultOrderType('post-only', 'BID', true, '10.00')).toBe('LIMIT')
    expect(defaultOrderType('live', 'BID', false, '10.00')).toBe('LIMIT')
  })
  it('shows the post-only alert once per asset per session and remembers the disclosure per window', () => {
    const s = memory()
    expect(postOnlyAlertSeen(s, 1)).toBe(false)
    expect(postOnlyAlertSeen(s, 1)).toBe(true)
    expect(postOnlyAlertSeen(s, 2)).toBe(false)
    expect(disclosureAccepted(s, 'w1')).toBe(false)
    acceptDisclosure(s, 'w1')
    expect(disclosureAccepted(s, 'w1')).toBe(true)
    expect(disclosureAccepted(s, 'w2')).toBe(false)
  })
})
