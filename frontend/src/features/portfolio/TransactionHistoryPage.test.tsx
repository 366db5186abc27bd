// @vitest-environment happy-dom
/**
 * Transaction History as a person meets it: every receipt type with its words, amount and sign, newest first, the
 * next page on 'Show more', and back to the portfolio when there is nothing at all.
 */
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, loggedInEachTest, renderApp, stubApi, type Answer } from '../../testing/render'
import { ACCOUNT_ID, CUSTOMER } from '../trading/fixtures'
import { TransactionHistoryPage } from './TransactionHistoryPage'

const USER = 7

function receipt(over: Record<string, unknown>) {
  return { id: 'transfer-1', type: 'deposit', amount: '250.00', status: 'processed', source_name: 'bank', created: '2026-11-20T15:00:00Z', failure_reason: null, product_titles: [], shares_count: null, asset_ticker: null, order_id: null, financial_instrument_id: null, side: null, unit_price: null, ...over }
}

const first = {
  items: [
    receipt({ id: 'refund-4', type: 'refund', amount: '35.00', source_name: 'balance' }),
    receipt({ id: 'trade-o1-x1', type: 'trade', amount: '42.00', source_name: 'balance', side: 'ASK', shares_count: 3, asset_ticker: '#88F40', unit_price: '14.00', order_id: 'abcdef123456' }),
    receipt({ id: 'trade-o2-x1', type: 'trade', amount: '60.00', source_name: 'balance', side: 'BID', shares_count: 5, asset_ticker: '#88F40', unit_price: '12.00', order_id: 'fedcba654321' }),
  ],
  count: 5,
  page: 1,
  next_page: 2,
}
const second = {
  items: [
    receipt({ id: 'investment-9', type: 'investment', amount: '100.00', source_name: 'balance', shares_count: 10, asset_ticker: '#77A10', unit_price: '10.00' }),
    receipt({}),
  ],
  count: 5,
  page: 2,
  next_page: null,
}

function answers(over: Record<string, Answer | Answer[]> = {}): Record<string, Answer | Answer[]> {
  return {
    [`GET /api/users/${USER}/financials/transactions`]: (r: Request) => json(new URL(r.url).searchParams.get('page') === '2' ? second : first),
    [`GET /api/users/${USER}/investments`]: () => json({ items: [], holdings: [], exited: [] }),
    [`GET /api/users/${USER}`]: () => json({ id: USER, customer: CUSTOMER }),
    [`GET /api/financial-accounts/${ACCOUNT_ID}/orders`]: () => json({ data: [] }),
    [`GET /api/users/${USER}/financials/funding-source`]: () => json({ info: { id: 1, name: 'Chase', status: 'verified', accountNumberTail: '6789', method: 'manual' } }),
    ...over,
  }
}

function render() {
  return renderApp(
    [
      { path: '/app/investments/transaction', element: <TransactionHistoryPage /> },
      { path: '/app/investments', element: <p>Portfolio screen</p> },
    ],
    '/app/investments/transaction',
  )
}

loggedInEachTest(USER)

describe('Transaction History', () => {
  it('lists every receipt type with its words and sign, the next page on Show more', async () => {
    stubApi(answers())
    render()
    const list = await screen.findByTestId('transactions')
    const rows = () => within(list).getAllByTestId('transaction').map((r) => r.textContent)
    expect(rows()).toHaveLength(3)
    expect(rows()[0]).toContain('Refund')
    expect(rows()[0]).toContain('+$35.00')
    expect(rows()[1]).toContain('Trade · Sold3 shares of #88F40 at $14.00')
    expect(rows()[1]).toContain('+$42.00')
    expect(rows()[1]).toContain('#abcdef12')
    expect(rows()[2]).toContain('Trade · Bought5 shares of #88F40 at $12.00')
    expect(rows()[2]).toContain('−$60.00')
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }))
    await within(list).findByText('10 shares of #77A10 at $10.00 in the initial offering')
    expect(rows()).toHaveLength(5)
    expect(rows()[4]).toContain('From Chase ••••6789 to your Vitrine account')
    expect(rows()[4]).toContain('+$250.00')
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('goes back to the portfolio with no transfer, order or asset at all', async () => {
    stubApi(answers({ [`GET /api/users/${USER}/financials/transactions`]: () => json({ items: [], count: 0, page: 1, next_page: null }) }))
    render()
    expect(await screen.findByText('Portfolio screen')).toBeTruthy()
  })

  it('stays with an open order even without receipts', async () => {
    stubApi(answers({
      [`GET /api/users/${USER}/financials/transactions`]: () => json({ items: [], count: 0, page: 1, next_page: null }),
      [`GET /api/financial-accounts/${ACCOUNT_ID}/orders`]: () => json({ data: [{ id: 'o-1' }] }),
    }))
    render()
    expect(await screen.findByTestId('transactions')).toBeTruthy()
    expect(screen.queryByText('Portfolio screen')).toBeNull()
  })
})
