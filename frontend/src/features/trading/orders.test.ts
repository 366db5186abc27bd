import { describe, expect, it } from 'vitest'
import { order } from './fixtures'
import {
  awaitsConfirmation, bestLabel, blockedMessage, canCancel, editSlot, holdingsFromOrders, isPending, mergeOrder, nextWindowRead, sortBook,
  UNABLE_TO_CANCEL, UNABLE_TO_EDIT,
} from './orders'

describe('order book', () => {
  it('lists asks ascending and bids descending with High Bid / Low Ask labels', () => {
    const book = sortBook({
      asks: [{ price: '12.00', units: 1, orders: 1 }, { price: '10.50', units: 3, orders: 2 }],
      bids: [{ price: '9.00', units: 2, orders: 1 }, { price: '9.75', units: 1, orders: 1 }],
    })
    expect(book.asks.map((l) => l.price)).toEqual(['10.50', '12.00'])
    expect(book.bids.map((l) => l.price)).toEqual(['9.75', '9.00'])
    expect(bestLabel('Low Ask', book.asks[0])).toBe('Low Ask: $10.50 × 3 shares')
    expect(bestLabel('High Bid', book.bids[0])).toBe('High Bid: $9.75 × 1 share')
    expect(bestLabel('High Bid', undefined)).toBeNull()
  })
})

describe('the queue', () => {
  it('counts open orders with unfilled units as pending', () => {
    expect(isPending(order())).toBe(true)
    expect(isPending(order({ status: 'PARTIALLY_FILLED', units: { requested: 5, filled: 2, unfilled: 3 } }))).toBe(true)
    expect(isPending(order({ status: 'FILLED', units: { requested: 5, filled: 5, unfilled: 0 } }))).toBe(false)
    expect(isPending(order({ status: 'CANCELED' }))).toBe(false)
  })
  it("shows 'Pending Cancel' in place of Edit and no second cancel", () => {
    expect(editSlot(order({ status: 'PENDING_CANCEL' }))).toEqual({ kind: 'pending-cancel' })
    expect(editSlot(order())).toEqual({ kind: 'edit' })
    expect(canCancel(order({ status: 'PENDING_CANCEL' }), 'post-only')).toBe(false)
    expect(canCancel(order(), 'post-only')).toBe(true)
  })
  it('hides Cancel during live trading (§4.4)', () => {
    expect(canCancel(order(), 'live')).toBe(false)
    expect(canCancel(order(), 'closed')).toBe(true)
  })
  it('refuses edit and cancel while another change processes', () => {
    expect(blockedMessage('cancel', order({ status: 'PROCESSING_UPDATE' }))).toBe(UNABLE_TO_CANCEL)
    expect(blockedMessage('edit', order({ status: 'PROCESSING_UPDATE' }))).toBe(UNABLE_TO_EDIT)
    expect(blockedMessage('edit', order())).toBeNull()
  })
  it('keeps the newest version of an order', () => {
    const list = [order({ version: 3, status: 'PENDING_CANCEL' })]
    expect(mergeOrder(list, order({ version: 2 }))[0]?.status).toBe('PENDING_CANCEL')
    expect(mergeOrder(list, order({ version: 4, status: 'CANCELED' }))[0]?.status).toBe('CANCELED')
    expect(mergeOrder(list, order({ id: 'other' }))).toHaveLength(2)
  })
})

describe('confirm-trade popup (§4.5)', () => {
  const matched = order({
    confirmed_matched_status: 'MATCHED',
    executions: [{ id: 'e1', units: 5, unitPrice: '10.00', status: 'PENDING_CONFIRMATION', confirmed: false, windowId: 'w1' }],
  })
  it('shows only while the window is in CONFIRMATION and this side has not confirmed', () => {
    expect(awaitsConfirmation(matched, 'CONFIRMATION')).toBe(true)
    expect(awaitsConfirmation(matched, 'OPEN')).toBe(false)
    expect(awaitsConfirmation({ ...matched, executions: [{ ...(matched.executions ?? [])[0]!, confirmed: true }] }, 'CONFIRMATION')).toBe(false)
    expect(awaitsConfirmation(order(), 'CONFIRMATION')).toBe(false)
  })
})

describe('holdings (§4.11)', () => {
  it('adds filled bids, subtracts filled asks, drops empty groups, newest first', () => {
    const h = holdingsFromOrders([
      order({ asset: 1, units: { requested: 5, filled: 5, unfilled: 0 }, modified: '2026-11-20T00:00:00Z' }),
      order({ asset: 1, side: 'ASK', units: { requested: 2, filled: 2, unfilled: 0 }, modified: '2026-11-21T00:00:00Z' }),
      order({ asset: 2, ticker: '#SPIDEY', units: { requested: 1, filled: 1, unfilled: 0 }, modified: '2026-11-22T00:00:00Z' }),
      order({ asset: 3, units: { requested: 1, filled: 1, unfilled: 0 } }),
      order({ asset: 3, side: 'ASK', units: { requested: 1, filled: 1, unfilled: 0 } }),
    ])
    expect(h.map((g) => [g.assetId, g.shares])).toEqual([[2, 1], [1, 3]])
  })
})

describe('nextWindowRead', () => {
  const now = Date.parse('2026-11-25T10:00:00Z')
  it('reads an open window again just after it closes (CONFIRMATION begins)', () => {
    expect(nextWindowRead({ status: 'OPEN', closes_at: '2026-11-25T10:00:20Z' }, now)).toBe(20_250)
  })
  it('reads a window in CONFIRMATION again when the confirmation ends', () => {
    expect(nextWindowRead({ status: 'CONFIRMATION', closes_at: '2026-11-25T09:59:00Z', confirmation_ends_at: '2026-11-25T10:00:05Z' }, now)).toBe(5_250)
  })
  it('never waits more than 30 s nor less than 1 s', () => {
    expect(nextWindowRead({ status: 'POST_ONLY', closes_at: '2026-11-25T12:00:00Z' }, now)).toBe(30_000)
    expect(nextWindowRead({ status: 'OPEN', closes_at: '2026-11-25T09:00:00Z' }, now)).toBe(1_000)
    expect(nextWindowRead({ status: 'OPEN', closes_at: null }, now)).toBe(30_000)
  })
  it('stops at a closed window and reads soon when nothing is known yet', () => {
    expect(nextWindowRead({ status: 'CLOSED' }, now)).toBe(false)
    expect(nextWindowRead(undefined, now)).toBe(5_000)
  })
})
