// @vitest-environment happy-dom
/**
 * My Portfolio as a person meets it, from the api's answers: the balance, the linked bank, the pending orders and the
 * shares held; the loading state; a failed load with a retry that reads again without reloading the page.
 */
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { UserProvider } from '../../app/account/UserProvider'
import { CatalogueContext } from '../assets/catalogue/catalogueContext'
import { catalogueStub } from '../../testing/catalogue'
import { session } from '../../app/session/sessionStore'
import { json, loggedInEachTest, renderApp, stubApi, type Answer } from '../../testing/render'
import { ACCOUNT_ID, CUSTOMER, order } from '../trading/fixtures'
import { InvestmentsPage } from './InvestmentsPage'

const USER = 7

const catalogue = catalogueStub()

const user = {
  id: USER,
  email: 'ada@example.com',
  emails: [{ email: 'ada@example.com', primary: true, verified: true }],
  first_name: 'Ada',
  notify_me: [],
  notify_on_trading: [],
  access_groups: [],
  state_status: { is_state_blocked: false, io_enabled: true, trading_enabled: true },
  customer: CUSTOMER,
}

const balance = { cash: '120.50', investments: '300.00', pending: '0', total: '420.50', pending_info: [] }

function holding(over: Record<string, unknown>) {
  return {
    asset_id: 3,
    ticker: '#77A10',
    display_name: 'Porsche 911',
    category: 'cars',
    portal_image: '/media/assets/3/portal.svg',
    financialInstrumentId: '77A10',
    type: 'active',
    shares: 12,
    sharesBought: 15,
    sharesSold: 3,
    boughtTotal: '160.00',
    soldTotal: '42.00',
    averageCost: '10.67',
    totalCost: '128.00',
    currentPricePerShare: '14.00',
    currentTotal: '168.00',
    gainLoss: '40.00',
    gainLossPercent: '31.25',
    lastInvestmentDate: '2026-11-20T15:00:00+00:00',
    ...over,
  }
}

const investments = {
  items: [],
  holdings: [
    holding({}),
    holding({ asset_id: 4, ticker: '#88F40', financialInstrumentId: '88F40', display_name: 'Ferrari F40', shares: 1, averageCost: '30.00', totalCost: '30.00', currentPricePerShare: '26.60', currentTotal: '26.60', gainLoss: '-3.40', gainLossPercent: '-11.33' }),
  ],
  exited: [holding({ asset_id: 5, ticker: '#52JD', financialInstrumentId: '52JD', type: 'exited', shares: 0, currentTotal: '0.00', gainLoss: '0.00', gainLossPercent: null })],
}

function answers(over: Record<string, Answer | Answer[]> = {}): Record<string, Answer | Answer[]> {
  return {
    [`GET /api/users/${USER}`]: () => json(user),
    [`GET /api/users/${USER}/financials/balance`]: () => json(balance),
    [`GET /api/users/${USER}/financials/funding-source`]: () =>
      json({ info: { id: 1, name: 'Chase', status: 'verified', accountNumberTail: '6789', method: 'manual' } }),
    [`GET /api/users/${USER}/financials/status`]: () => json({ customer_status: 'verified', bank_customer_status: 'verified', funding_source: 'fs-1' }),
    [`GET /api/users/${USER}/investments`]: () => json(investments),
    [`GET /api/users/${USER}/investments/performance/gain-loss`]: () => json({ allTimeAmount: '36.60', allTimePercentage: '19.06' }),
    [`GET /api/financial-accounts/${ACCOUNT_ID}/orders`]: () =>
      json({ data: [order({ id: 'o-1', ticker: '#88F40', side: 'BID', units: { requested: 5, filled: 0, unfilled: 5 }, pricing: { unit: '10.00', order: '50.00', debited: '0.00', credited: '0.00' } })] }),
    [`GET /api/financial-accounts/${ACCOUNT_ID}/positions`]: () =>
      json({ data: { i1: { financialInstrument: { id: 'i1', ticker: '#77A10', assetId: 3 }, units: { total: 4, openAndAlienable: 4 } } } }),
    ...over,
  }
}

function renderPortfolio() {
  return renderApp([{ path: '/app/investments/*', element: <InvestmentsPage /> }], '/app/investments', (children) => (
    <UserProvider>
      <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>
    </UserProvider>
  ))
}

loggedInEachTest(USER)

describe('My Portfolio', () => {
  it('shows the balance, the bank, the pending orders and the shares held from the answers', async () => {
    stubApi(answers())
    renderPortfolio()
    expect((await screen.findByTestId('account-value')).textContent).toBe('$420.50')
    expect(screen.getByTestId('in-cash-amount').textContent).toBe('$120.50')
    expect(screen.getByTestId('in-assets-amount').textContent).toBe('$300.00')
    expect(screen.getByText(/6789/)).toBeTruthy()
    const pending = await screen.findByTestId('pending-orders')
    expect(within(pending).getByTestId('pending-order').textContent).toContain('Bid #88F40 · 5 × $10.00')
    expect(within(pending).getByTestId('held-cash').textContent).toContain('$50.00')
  })

  it('groups the holdings per instrument with shares, average cost, value and gain/loss in words and signs', async () => {
    stubApi(answers())
    renderPortfolio()
    const positions = await screen.findByTestId('positions')
    expect(within(positions).getByText('My Investments (2)')).toBeTruthy() // the count is the groups'
    const rows = within(positions).getAllByTestId('position')
    expect(rows.map((r) => within(r).getByTestId('position-ticker').textContent)).toEqual(['#77A10', '#88F40'])
    const [gain, loss] = rows as [HTMLElement, HTMLElement]
    expect(within(gain).getByTestId('position-shares').textContent).toBe('12 shares')
    expect(within(gain).getByTestId('position-average-cost').textContent).toBe('Average cost $10.67')
    expect(within(gain).getByTestId('position-value').textContent).toBe('$168.00')
    expect(within(gain).getByTestId('position-gain-loss').textContent).toBe('Gain +$40.00 (+31.25%)')
    expect(within(loss).getByTestId('position-shares').textContent).toBe('1 share')
    const lost = within(loss).getByTestId('position-gain-loss')
    expect(lost.textContent).toBe('Loss -$3.40 (-11.33%)')
    expect(lost.getAttribute('data-tone')).toBe('loss')
    const exited = screen.getByTestId('exited')
    expect(within(exited).getByText('Exited Investments (1)')).toBeTruthy()
    expect(within(exited).getByTestId('position-ticker').textContent).toBe('#52JD')
    expect(screen.queryByText('No Active or Exited Investments')).toBeNull()
    expect((await screen.findByTestId('gain-loss-all-time')).textContent).toBe('Gain +$36.60 (+19.06%)')
  })

  it('shows the placeholder with neither active nor exited investments', async () => {
    stubApi(answers({ [`GET /api/users/${USER}/investments`]: () => json({ items: [], holdings: [], exited: [] }) }))
    renderPortfolio()
    expect(await screen.findByText('No Active or Exited Investments')).toBeTruthy()
    expect(screen.getByText('My Investments (0)')).toBeTruthy()
    expect(screen.queryByTestId('exited')).toBeNull()
  })

  it('a failed gain/loss read is only logged: the rest of the portfolio shows', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    stubApi(answers({ [`GET /api/users/${USER}/investments/performance/gain-loss`]: () => json({ detail: 'down' }, 500) }))
    renderPortfolio()
    expect(within(await screen.findByTestId('positions')).getAllByTestId('position')).toHaveLength(2)
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('gain/loss', expect.anything()))
    expect(screen.queryByTestId('gain-loss')).toBeNull()
    logged.mockRestore()
  })

  it('shows the loading state until the answers come', async () => {
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    stubApi(answers({ [`GET /api/users/${USER}/financials/balance`]: async () => (await held, json(balance)) }))
    renderPortfolio()
    expect(await screen.findByRole('status', { name: 'Loading your portfolio' })).toBeTruthy()
    expect(screen.queryByTestId('account-value')).toBeNull()
    release()
    expect((await screen.findByTestId('account-value')).textContent).toBe('$420.50')
    expect(screen.queryByRole('status', { name: 'Loading your portfolio' })).toBeNull()
  })

  it('after a failed load offers a retry that reads again without reloading the page', async () => {
    const failing = () => json({ detail: 'down' }, 503)
    const seen = stubApi(answers({ [`GET /api/users/${USER}/financials/balance`]: [failing, failing, failing, failing, () => json(balance)] }))
    const reload = vi.fn()
    vi.stubGlobal('location', { ...window.location, reload })
    renderPortfolio()
    const alert = await screen.findByText('We could not load your portfolio. Please try again.')
    expect(alert).toBeTruthy()
    // the library retried with its backoff before giving up: the first read and three retries
    expect(seen.filter((r) => r.endsWith('/financials/balance'))).toHaveLength(4)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect((await screen.findByTestId('account-value')).textContent).toBe('$420.50')
    expect(screen.queryByText('We could not load your portfolio. Please try again.')).toBeNull()
    expect(reload).not.toHaveBeenCalled()
  })

  it('a 401 logs the session out as expired', async () => {
    stubApi(answers({ [`GET /api/users/${USER}/financials/balance`]: () => json({ detail: 'expired' }, 401) }))
    renderPortfolio()
    await vi.waitFor(() => expect(session.get().token).toBeNull())
    expect(session.get().logoutMessage).toBe('Your session has expired, please try logging in again.')
  })
})
