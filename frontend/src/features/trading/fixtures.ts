/** Order fixtures for the trading screens' tests (the api's Order shape), and the investor's financial account. */
import type { Order } from '../../api/trading'

/** The tests' investor's financial account id: the user read's `customer.accounts[0].id` (no relation to the user id). */
export const ACCOUNT_ID = 12

/** The customer of the tests' users as the user read answers it: its first account is the order calls' account. */
export const CUSTOMER = {
  id: 3,
  status: 'verified',
  accounts: [{ id: ACCOUNT_ID }],
  enrollment: { termsOfService: { signedAndAgreedAt: null, lastUpdated: null } },
}

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
    financialAccount: { id: String(ACCOUNT_ID) },
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
