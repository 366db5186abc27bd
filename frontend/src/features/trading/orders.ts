/**
 * Order rules of the screens (spec doc 3 §2.3, §4.2, §4.4, §4.5, §4.11): the book's order and labels, which
 * orders are pending, what the queue offers (Edit / Pending Cancel / Cancel), the refusals shown before a call,
 * the confirm-trade popup's condition, and the holdings from filled orders.
 */
import type { BookLevel, Order } from '../../api/trading'
import { formatMoney } from '../../domain/money'
import type { MarketMode } from './marketState'

export const UNABLE_TO_CANCEL = 'Unable to Cancel Order'
export const UNABLE_TO_EDIT = 'Unable to Edit Order'
export const CANCEL_FAILED = 'Unable to Process Cancelation'

const PENDING = new Set(['SUBMITTED', 'PARTIALLY_FILLED', 'PENDING_CANCEL', 'PENDING_REPLACE', 'QUEUED', 'PROCESSING_UPDATE'])

/** §4.2: pending = still open with unfilled units. */
export function isPending(order: Pick<Order, 'status' | 'units'>): boolean {
  return PENDING.has(order.status) && order.units.unfilled > 0
}

/** Asks lowest first, bids highest first. */
export function sortBook(book: { asks: BookLevel[]; bids: BookLevel[] }): { asks: BookLevel[]; bids: BookLevel[] } {
  return {
    asks: [...book.asks].sort((a, b) => Number(a.price) - Number(b.price)),
    bids: [...book.bids].sort((a, b) => Number(b.price) - Number(a.price)),
  }
}

/** 'High Bid' / 'Low Ask' with price × shares, or null for an empty side. */
export function bestLabel(kind: 'High Bid' | 'Low Ask', level: BookLevel | undefined): string | null {
  if (!level) return null
  return `${kind}: ${formatMoney(level.price)} × ${level.units} ${level.units === 1 ? 'share' : 'shares'}`
}

export type QueueAction = { kind: 'edit' } | { kind: 'pending-cancel' }

/** What the queue row offers in place of Edit: 'Pending Cancel' while a cancel runs. */
export function editSlot(order: Pick<Order, 'status'>): QueueAction {
  return order.status === 'PENDING_CANCEL' ? { kind: 'pending-cancel' } : { kind: 'edit' }
}

/** §4.4: Edit is offered only while the asset trades or accepts orders (live or post-only), never once its trading
 * is closed. */
export function canEdit(mode: MarketMode): boolean {
  return mode === 'live' || mode === 'post-only'
}

/** §4.4: Cancel is hidden during live trading (an order may be matched at any moment); otherwise offered while the
 * order is pending and no cancel runs yet. */
export function canCancel(order: Pick<Order, 'status' | 'units'>, mode: MarketMode): boolean {
  return mode !== 'live' && isPending(order) && order.status !== 'PENDING_CANCEL'
}

/** The notice shown instead of the call while another change runs (§4.4), or null when the call may go. */
export function blockedMessage(action: 'edit' | 'cancel', order: Pick<Order, 'status'>): string | null {
  if (order.status !== 'PROCESSING_UPDATE' && order.status !== 'PENDING_REPLACE' && order.status !== 'PENDING_CANCEL') return null
  return action === 'edit' ? UNABLE_TO_EDIT : UNABLE_TO_CANCEL
}

/** §4.5: a match waits for this investor's confirmation while the window is in CONFIRMATION. */
export function awaitsConfirmation(order: Pick<Order, 'confirmed_matched_status' | 'executions'>, windowStatus: string | null | undefined): boolean {
  const matched = order.confirmed_matched_status === 'MATCHED' || order.confirmed_matched_status === 'PARTIALLY_MATCHED'
  const waiting = (order.executions ?? []).some((e) => e.status === 'PENDING_CONFIRMATION' && !e.confirmed)
  return matched && waiting && windowStatus === 'CONFIRMATION'
}

export interface MatchLine {
  units: number
  price: string
}

/** §4.5: what the confirm-trade popup names — the executions waiting for this investor's confirmation, each with its
 * own price, and their units in all. */
export function waitingMatches(order: Pick<Order, 'executions' | 'pricing'>): { units: number; lines: MatchLine[] } {
  const waiting = (order.executions ?? []).filter((e) => e.status === 'PENDING_CONFIRMATION' && !e.confirmed)
  return { units: waiting.reduce((n, e) => n + e.units, 0), lines: waiting.map((e) => ({ units: e.units, price: e.unitPrice })) }
}

/** When to read a matched order's window again (ms; false: never): at its next boundary — the close (CONFIRMATION
 * begins, the confirm-trade popup shows) or the end of CONFIRMATION (the popup goes) — at least 1 s and at most 30 s
 * away, so a clock off by a little or a window moved by ops is seen soon; a CLOSED window is not read again. Only
 * while the trading stream is down: the stream tells the investor's pages of each window their orders are matched in
 * as it moves on (a `window` event reads it again). */
export function nextWindowRead(
  window: { status?: string | null; closes_at?: string | null; confirmation_ends_at?: string | null } | undefined,
  now: number = Date.now(),
): number | false {
  if (!window) return 5_000
  if (window.status === 'CLOSED') return false
  const boundary = window.status === 'CONFIRMATION' ? window.confirmation_ends_at : window.closes_at
  const at = boundary ? Date.parse(boundary) : NaN
  if (Number.isNaN(at)) return 30_000
  return Math.min(30_000, Math.max(1_000, at - now + 250))
}

/** Keep the newest version of each order (SSE and polling may deliver out of order); newest first. */
export function mergeOrder(list: Order[], next: Order): Order[] {
  const at = list.findIndex((o) => o.id === next.id)
  if (at === -1) return [next, ...list]
  if ((list[at]?.version ?? 0) > next.version) return list
  const copy = [...list]
  copy[at] = next
  return copy
}

export interface Holding {
  assetId: number
  ticker: string
  shares: number
  value: number
  last: string
}

/** §4.11: filled shares add for a BID, subtract for an ASK; groups with net shares above 0; newest first. */
export function holdingsFromOrders(orders: Order[]): Holding[] {
  const groups = new Map<number, Holding>()
  for (const o of orders) {
    if (o.units.filled <= 0) continue
    const sign = o.side === 'BID' ? 1 : -1
    const g = groups.get(o.asset) ?? { assetId: o.asset, ticker: o.ticker, shares: 0, value: 0, last: '' }
    g.shares += sign * o.units.filled
    g.value += sign * o.units.filled * Number(o.pricing.unit)
    if (o.modified > g.last) g.last = o.modified
    groups.set(o.asset, g)
  }
  return [...groups.values()].filter((g) => g.shares > 0).sort((a, b) => (a.last < b.last ? 1 : -1))
}
