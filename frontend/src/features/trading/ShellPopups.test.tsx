// @vitest-environment happy-dom
/**
 * The shell's trading popups: the declined confirmations and the trading-approved rule; as an investor meets them,
 * the trading-approved popup once the user has loaded (the shell mounts before the user is read), the confirm-trade
 * popup naming each execution at its own price, and the matched orders' windows read again on the stream's `window`
 * events — polled only while the stream is down.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { UserProvider } from '../../app/account/UserProvider'
import { fakeEventStream, type FakeEventStream } from '../../testing/eventStream'
import { json, loggedInEachTest, renderApp, stubApi, type Answer } from '../../testing/render'
import { CUSTOMER, order } from './fixtures'
import { APPROVED_FLAG, declinedOrders, markDeclined, showsTradingApproved, TradingShellPopups } from './ShellPopups'

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

const USER = { id: 7, email: 'wa@example.com', emails: [], state_status: { is_state_blocked: false, io_enabled: false, trading_enabled: true }, customer: CUSTOMER }

/** The shell's popups under the real user provider, the api stubbed: the user, the orders, the windows, the stream. */
function renderShell(routes: Record<string, Answer | Answer[]>) {
  const seen = stubApi({
    'GET /api/users/7': () => json(USER),
    'GET /api/financial-accounts/*/positions': () => json({ data: {} }),
    'GET /api/financial-accounts/*/orders': () => json({ data: [] }),
    ...routes,
  })
  const view = renderApp(
    [
      { path: '/app/home', element: <UserProvider><p>home</p><TradingShellPopups /></UserProvider> },
      { path: '/app/onboarding', element: <p>onboarding</p> },
    ],
    '/app/home',
  )
  return { ...view, seen }
}

describe('TradingShellPopups', () => {
  loggedInEachTest(7)
  afterEach(() => {
    localStorage.clear()
    sessionStorage.clear()
  })

  it('shows trading-approved once the user has loaded; Continue remembers it and goes to the onboarding', async () => {
    const stream = fakeEventStream(['subscribed', {}])
    const { router, unmount } = renderShell({ 'GET /api/trading/events': stream.answer })
    const popup = await screen.findByTestId('trading-approved')
    expect(within(popup).getByText(/available in your state/)).toBeTruthy()
    fireEvent.click(within(popup).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/onboarding'))
    expect(localStorage.getItem(APPROVED_FLAG)).toBe('1')
    unmount()

    renderShell({ 'GET /api/trading/events': fakeEventStream(['subscribed', {}]).answer }) // the next visit: not again
    expect(await screen.findByText('home')).toBeTruthy()
    await act(() => new Promise((resolve) => setTimeout(resolve, 100))) // the user read
    expect(screen.queryByTestId('trading-approved')).toBeNull()
  })

  const matched = order({
    status: 'FILLED',
    units: { requested: 3, filled: 3, unfilled: 0 },
    windowId: 'W-88F40-1',
    confirmed_matched_status: 'MATCHED',
    executions: [
      { id: 'x-1', status: 'PENDING_CONFIRMATION', confirmed: false, unitPrice: '10.00', units: 2, windowId: 'W-88F40-1' },
      { id: 'x-2', status: 'PENDING_CONFIRMATION', confirmed: false, unitPrice: '10.50', units: 1, windowId: 'W-88F40-1' },
    ],
  })
  const windowIn = (status: string) => () =>
    json({ id: 'W-88F40-1', instrument_id: '88F40', status, closes_at: new Date(Date.now() - 1000).toISOString(), confirmation_ends_at: null })

  it("names every waiting execution at its own price in the confirm-trade popup", async () => {
    localStorage.setItem(APPROVED_FLAG, '1')
    renderShell({
      'GET /api/financial-accounts/*/orders': () => json({ data: [matched] }),
      'GET /api/trading/windows/W-88F40-1/': windowIn('CONFIRMATION'),
      'GET /api/trading/events': fakeEventStream(['subscribed', {}]).answer,
    })
    const popup = await screen.findByTestId('confirm-trade')
    expect(within(popup).getByText(/Your bid on #88F40 was matched: 3 shares:/)).toBeTruthy()
    const lines = within(within(popup).getByTestId('confirm-trade-executions')).getAllByRole('listitem').map((li) => li.textContent)
    expect(lines).toEqual(['2 shares at $10.00', '1 share at $10.50'])
  })

  it('keeps the confirm-trade popup while its order changes and the window is read again (the other side confirmed)', async () => {
    localStorage.setItem(APPROVED_FLAG, '1')
    const stream = fakeEventStream(['subscribed', {}])
    let holding = false
    const held: (() => void)[] = []
    renderShell({
      'GET /api/financial-accounts/*/orders': () => json({ data: [matched] }),
      // once the popup is up, each read of the window waits until the test lets it answer
      'GET /api/trading/windows/W-88F40-1/': async () => {
        if (holding) await new Promise<void>((resolve) => held.push(resolve))
        return windowIn('CONFIRMATION')()
      },
      'GET /api/trading/events': stream.answer,
    })
    await screen.findByTestId('confirm-trade')
    holding = true
    // the other side confirmed: the order's execution changed at the ATS, a new version of the order comes
    act(() => stream.send('order', { ...matched, version: matched.version + 1 }))
    await waitFor(() => expect(held.length).toBeGreaterThan(0)) // its window read again
    expect(screen.queryByTestId('confirm-trade')).not.toBeNull() // the popup stays meanwhile
    await act(async () => {
      held.splice(0).forEach((answer) => answer())
      await pause(50)
    })
    expect(screen.queryByTestId('confirm-trade')).not.toBeNull()
  })

  // a window past its close is read again after 1 s while polling (orders.nextWindowRead): real time, no fake timers
  // (the waits of Testing Library run on them)
  const POLL_WOULD_READ_TWICE_MS = 2_500
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /** The window reads seen so far. */
  const windowReads = (seen: string[]) => seen.filter((r) => r === 'GET /api/trading/windows/W-88F40-1/').length

  it("reads a matched order's window again on the stream's window event, and does not poll it while the stream is up", async () => {
    localStorage.setItem(APPROVED_FLAG, '1')
    const stream: FakeEventStream = fakeEventStream(['subscribed', {}])
    let status = 'OPEN' // past its close: polling would read it again within a second
    const { seen } = renderShell({
      'GET /api/financial-accounts/*/orders': () => json({ data: [matched] }),
      'GET /api/trading/windows/W-88F40-1/': () => windowIn(status)(),
      'GET /api/trading/events': stream.answer,
    })
    await waitFor(() => expect(windowReads(seen)).toBeGreaterThan(0))
    await act(() => pause(200)) // the subscription's reads settle
    const before = windowReads(seen)
    await act(() => pause(POLL_WOULD_READ_TWICE_MS))
    expect(windowReads(seen)).toBe(before) // no polling while the stream is up
    expect(screen.queryByTestId('confirm-trade')).toBeNull()
    status = 'CONFIRMATION' // the window closes: the ATS tells the stream
    act(() => stream.send('window', { id: 'W-88F40-1', instrument_id: '88F40', status: 'CONFIRMATION' }))
    expect(await screen.findByTestId('confirm-trade')).toBeTruthy()
    expect(windowReads(seen)).toBe(before + 1)
  })

  it("polls a matched order's window while the stream is down", async () => {
    localStorage.setItem(APPROVED_FLAG, '1')
    const { seen } = renderShell({
      'GET /api/financial-accounts/*/orders': () => json({ data: [matched] }),
      'GET /api/trading/windows/W-88F40-1/': [windowIn('OPEN'), windowIn('CONFIRMATION')],
      'GET /api/trading/events': () => json({ errors: [{ message: 'down' }] }, 503),
    })
    expect(await screen.findByTestId('confirm-trade', undefined, { timeout: POLL_WOULD_READ_TWICE_MS })).toBeTruthy()
    expect(windowReads(seen)).toBeGreaterThan(1)
  })
})
