// @vitest-environment happy-dom
/**
 * The investments calendar as a person meets it: the tab it opens on for the asset it came from, each bucket's
 * assets in the server's order, an empty bucket saying so, and a failed read with a retry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { useState, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { Asset } from '../../api/types'
import { CatalogueContext } from '../assets/catalogue/catalogueContext'
import { catalogueStub } from '../../testing/catalogue'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { InvestButton } from '../purchase/InvestButton'
import { CalendarPage, initialTab, OFFERINGS_TAB, TRADING_TAB } from './CalendarPage'

const asset = (id: number, ticker: string, asset_status: string): Asset =>
  ({ id, ticker, asset_status, category: 'cars', display_name: ticker, short_name: ticker, price_per_share: '10.00', ipo_price_per_share: '10.00', progress_bar: 40, is_exited: false }) as unknown as Asset

const ASSETS = [asset(1, '#LIVE', 'Trading'), asset(2, '#WAIT', 'Post Only'), asset(3, '#SOON', 'Coming Soon'), asset(4, '#OPEN', 'Open ICO'), asset(5, '#DONE', 'Closed ICO'), asset(6, '#AAA', 'Trading')]

const catalogue = catalogueStub(ASSETS)

const DATES = { timezone: 'America/New_York', windows: [], holidays: [], calendar: { live: [6, 1], postOnly: [2], ioComingSoon: [3], ioAvailable: [] } }

function renderCalendar(path: string) {
  return renderApp([{ path: '/app/investments-calendar', element: <CalendarPage /> }], path, (children) => (
    <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>
  ))
}

const tickers = (section: HTMLElement) => within(section).queryAllByTestId('asset-item').map((a) => a.getAttribute('data-ticker'))

describe('CalendarPage', () => {
  loggedInEachTest()

  it("opens the trading tab for a 'Closed ICO' asset and the offerings tab otherwise", () => {
    expect(initialTab('Closed ICO')).toBe(TRADING_TAB)
    expect(initialTab('Coming Soon')).toBe(OFFERINGS_TAB)
    expect(initialTab('Trading')).toBe(OFFERINGS_TAB)
    expect(initialTab(undefined)).toBe(OFFERINGS_TAB)
  })

  it('lists each bucket in the order the server gives, and says when one is empty', async () => {
    stubApi({ 'GET /api/assets/trading-dates/': () => json(DATES) })
    renderCalendar('/app/investments-calendar?asset=5')
    const live = await screen.findByTestId('calendar-live')
    expect(tickers(live)).toEqual(['#AAA', '#LIVE'])
    expect(tickers(screen.getByTestId('calendar-post-only'))).toEqual(['#WAIT'])
    expect(screen.getByRole('link', { name: /#DONE/ })).toBeTruthy() // back to the asset it came from

    fireEvent.click(screen.getByTestId('tab-offerings'))
    const coming = await screen.findByTestId('calendar-io-coming-soon')
    expect(tickers(coming)).toEqual(['#SOON'])
    expect(within(screen.getByTestId('calendar-io-available')).getByText('No offering is open right now.')).toBeTruthy()
  })

  it("opens on the trading tab from a 'Closed ICO' asset's calendar link", async () => {
    stubApi({ 'GET /api/assets/trading-dates/': () => json(DATES) })
    const closed = ASSETS[4] as Asset
    renderApp(
      [
        { path: '/', element: <InvestButton asset={closed} /> },
        { path: '/app/investments-calendar', element: <CalendarPage /> },
      ],
      '/',
      (children) => <CatalogueContext.Provider value={catalogue}>{children}</CatalogueContext.Provider>,
    )
    fireEvent.click(screen.getByRole('link', { name: 'Trading calendar' }))
    expect((await screen.findByTestId('tab-trading')).getAttribute('aria-selected')).toBe('true')
    expect(await screen.findByTestId('calendar-live')).toBeTruthy()
  })

  it('takes the tab from the asset once the catalogue has it, until the investor picks one', async () => {
    stubApi({ 'GET /api/assets/trading-dates/': () => json(DATES) })
    function Loading({ children }: { children: ReactNode }) {
      const [ready, setReady] = useState(false)
      return (
        <>
          <button onClick={() => setReady(true)}>catalogue loaded</button>
          <CatalogueContext.Provider value={ready ? catalogue : catalogueStub([])}>{children}</CatalogueContext.Provider>
        </>
      )
    }
    renderApp([{ path: '/app/investments-calendar', element: <CalendarPage /> }], '/app/investments-calendar?asset=5', (children) => <Loading>{children}</Loading>)
    const selected = (tab: string) => screen.getByTestId(tab).getAttribute('aria-selected')
    expect(selected('tab-offerings')).toBe('true') // the asset is not known yet
    fireEvent.click(screen.getByText('catalogue loaded'))
    expect(selected('tab-trading')).toBe('true')
    fireEvent.click(screen.getByTestId('tab-offerings'))
    await waitFor(() => expect(selected('tab-offerings')).toBe('true'))
  })

  it('shows a failed read with a retry that reads again', async () => {
    const down = () => json({ errors: [{ message: 'down' }] }, 503)
    const seen = stubApi({ 'GET /api/assets/trading-dates/': [down, down, down, down, () => json(DATES)] })
    renderCalendar('/app/investments-calendar')
    // the library retried before giving up (the first read and three retries); 'Try again' reads once more
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(seen.filter((r) => r === 'GET /api/assets/trading-dates/')).toHaveLength(4)
    expect(tickers(await screen.findByTestId('calendar-io-coming-soon'))).toEqual(['#SOON'])
    expect(seen.filter((r) => r === 'GET /api/assets/trading-dates/')).toHaveLength(5)
  })
})
