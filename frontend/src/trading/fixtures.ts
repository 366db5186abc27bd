/** Order fixtures for the trading screens' tests (the api's Order shape). */
import type { Order } from '../api/trading'

export function order(over: Partial<Order> = {}): Order {
  return {
    id: '0b6d2e90-0000-4000-8000-000000000001',
    status: 'SUBMITTED',
    side: 'BID',
    type: 'LIMIT',
    term: 'GOOD_TIL_CANCELED',
    ticker: '#88F40',
    asset: 1,
    financialInstrumentId: '88F40',
    financialAccount: { id: 'acct-1' },
    taxonomy: { context: 'bid' },
    units: { requested: 5, filled: 0, unfilled: 5 },
    pricing: { unit: '10.00', order: '50.00', debited: '0.00', credited: '0.00' },
    created: '2026-11-23T20:00:00Z',
    modified: '2026-11-23T20:00:00Z',
    code: null,
    message: null,
    windowId: null,
    confirmed_matched_status: null,
    matched_shares_count: 0,
    executions: [],
    version: 1,
    ...over,
  } as Order
}
