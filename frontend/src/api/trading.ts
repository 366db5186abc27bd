/** The trading calls of the screens (spec doc 3 §7): orders, positions, order book, windows, confirmation. */
import { call } from './call'
import { api } from './client'
import type { components } from './schema.gen'
import type { User } from './types'

export type Order = components['schemas']['OrderOut']
export type OrderBook = components['schemas']['OrderBook']
export type BookLevel = components['schemas']['BookLevel']
export type Position = components['schemas']['PositionOut']
export type TradingWindowInfo = components['schemas']['WindowOut']
export type PriceHistory = components['schemas']['History']

/**
 * The financial account of the order and position calls: the user's first account, as the user read answers it
 * (spec doc 1 §3: "the first account's id is the financial account id"); null until the user and its customer are
 * read.
 */
export function financialAccountId(user: User | null | undefined): string | null {
  const id = user?.customer?.accounts[0]?.id
  return id === undefined ? null : String(id)
}

export async function listOrders(accountId: string, query: { asset?: number; active?: boolean } = {}): Promise<Order[]> {
  const q: { asset?: number; active?: boolean } = {}
  if (query.asset !== undefined) q.asset = query.asset
  if (query.active !== undefined) q.active = query.active
  const answer = await call(
    api.GET('/api/financial-accounts/{account_id}/orders', { params: { path: { account_id: accountId }, query: q } }),
  )
  return answer.data
}

export async function getOrder(accountId: string, orderId: string): Promise<Order> {
  const answer = await call(
    api.GET('/api/financial-accounts/{account_id}/orders/{order_id}', {
      params: { path: { account_id: accountId, order_id: orderId } },
    }),
  )
  return answer.data
}

export const cancelOrder = (accountId: string, orderId: string) =>
  call(
    api.DELETE('/api/financial-accounts/{account_id}/orders/{order_id}', {
      params: { path: { account_id: accountId, order_id: orderId } },
    }),
  )

export async function confirmOrder(orderId: string): Promise<Order> {
  const answer = await call(api.POST('/api/trading/orders/{order_id}/confirm/', { params: { path: { order_id: orderId } } }))
  return answer.data
}

export async function getOrderBook(instrumentId: string): Promise<OrderBook> {
  const answer = await call(
    api.GET('/api/financial-instruments/securities/{instrument_id}/markets/order-book', { params: { path: { instrument_id: instrumentId } } }),
  )
  return answer.data
}

export async function getPositions(accountId: string): Promise<Position[]> {
  const answer = await call(api.GET('/api/financial-accounts/{account_id}/positions', { params: { path: { account_id: accountId } } }))
  return Object.values(answer.data)
}

export const getWindow = (windowId: string) => call(api.GET('/api/trading/windows/{window_id}/', { params: { path: { window_id: windowId } } }))

/** A traded asset's issue price and one close per trading day (the Graph slide's "TRADING ON VITRINE"). */
export async function getPriceHistory(instrumentId: string): Promise<PriceHistory> {
  const answer = await call(
    api.GET('/api/financial-instruments/securities/{instrument_id}/markets/pricing/history', { params: { path: { instrument_id: instrumentId } } }),
  )
  return answer.data
}
