// @vitest-environment happy-dom
/**
 * The asset page's market follows the trading stream: a `window` event turns the 'Trading Window Now open!' banner,
 * its countdown and Buy/Sell without the catalogue being read again, a `pricing` event moves the price; the rules
 * of laying the stream's market over the catalogue's copy (reordered events, an asset closed for trading, the stream
 * down).
 */
import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { UserContext, type UserApi } from '../../app/account/userContext'
import type { TradingWindowInfo } from '../../api/trading'
import type { Asset, User } from '../../api/types'
import { MainSlide } from '../assets/page/MainSlide'
import { CatalogueContext } from '../assets/catalogue/catalogueContext'
import { assetOf } from '../../testing/assetPage'
import { catalogueStub, tradingOf } from '../../testing/catalogue'
import { fakeEventStream } from '../../testing/eventStream'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { CUSTOMER } from './fixtures'
import { liveAsset, NO_MARKET, pricingOf, withWindow, type LiveMarket } from './liveMarket'
import { marketMode, sessionCloseAt } from './marketState'

const HOUR = 3600_000
const OPENS = Date.now() - 60_000 // the test's window opened a minute ago, closes in 59 minutes

function atsWindow(status: string, over: Partial<TradingWindowInfo> = {}): TradingWindowInfo {
  const opens = OPENS
  return {
    id: 'W-88F40-7', instrument_id: '88F40', status, matched_asks: 0, matched_bids: 0,
    opens_at: new Date(opens).toISOString(), closes_at: new Date(opens + HOUR).toISOString(), ...over,
  }
}

function postOnly(over: Partial<Asset> = {}): Asset {
  return assetOf({
    id: 5, ticker: '#88F40', asset_status: 'Post Only',
    financialInstrument: { id: '88F40', markets: { secondaryMarket: { status: 'CLOSED' } }, sessionHours: {} },
    trading: tradingOf({
      current_trading_window: { id: 'W-88F40-7', status: 'SCHEDULED', remaining_value: 0 },
      pricing: { pricePerUnit: { issue: '10.00', current: '11.00', session: {} } },
    }),
    ...over,
  })
}

const live = (...windows: TradingWindowInfo[]): LiveMarket => windows.reduce(withWindow, { ...NO_MARKET, live: true })

describe('liveAsset', () => {
  it('an OPEN window makes the asset live until its close; a SCHEDULED one or a closed one post-only', () => {
    const asset = postOnly()
    expect(marketMode(asset)).toBe('post-only')
    const opened = liveAsset(asset, live(atsWindow('OPEN')))
    expect(marketMode(opened)).toBe('live')
    expect(sessionCloseAt(opened)?.toISOString()).toBe(atsWindow('OPEN').closes_at)
    expect(marketMode(liveAsset(opened, live(atsWindow('CONFIRMATION'))))).toBe('post-only')
    expect(marketMode(liveAsset(opened, live(atsWindow('OPEN'), atsWindow('CONFIRMATION'), atsWindow('SCHEDULED', { id: 'W-88F40-8' }))))).toBe('post-only')
  })
  it('keeps the furthest status of a window when its events come reordered', () => {
    expect(marketMode(liveAsset(postOnly(), live(atsWindow('CONFIRMATION'), atsWindow('OPEN'))))).toBe('post-only')
  })
  it('lays nothing over while the stream is down, nor over an asset closed for trading', () => {
    expect(marketMode(liveAsset(postOnly(), { ...live(atsWindow('OPEN')), live: false }))).toBe('post-only')
    expect(marketMode(liveAsset(postOnly({ asset_status: 'Trading closed' }), live(atsWindow('OPEN'))))).toBe('closed')
  })
  it("replaces the catalogue's pricing with the stream's", () => {
    const pricing = pricingOf({ pricePerUnit: { issue: '10.00', current: '12.50' } })
    expect(liveAsset(postOnly(), { ...live(), pricing }).trading?.pricing.pricePerUnit.current).toBe('12.50')
    expect(pricingOf({ nothing: true })).toBeNull()
  })
})

const USER = { id: 7, email: 'demo@vitrine.test', emails: [{ email: 'demo@vitrine.test', primary: true, verified: true }], customer: CUSTOMER } as unknown as User
const userApi: UserApi = { user: USER, loading: false, failed: false, reload: async () => USER, patchUser: () => undefined }

describe("the asset page's market", () => {
  loggedInEachTest(7)
  afterEach(() => sessionStorage.clear())

  it('turns live and back on the stream’s window events, its price on a pricing event, without reading the catalogue', async () => {
    sessionStorage.setItem('vitrine.postOnlyAlert.5', '1') // the educational alert was seen
    const stream = fakeEventStream(['subscribed', {}])
    const seen = stubApi({
      'GET /api/financial-accounts/*/orders': () => json({ data: [] }),
      'GET /api/financial-accounts/*/positions': () => json({ data: {} }),
      'GET /api/financial-instruments/securities/88F40/markets/order-book': () =>
        json({ data: { financialInstrumentId: '88F40', mode: 'POST_ONLY', bids: [], asks: [] } }),
      'GET /api/trading/events': stream.answer,
    })
    const asset = postOnly()
    const reload = vi.fn(async () => undefined)
    renderApp([{ path: '/', element: <MainSlide asset={asset} /> }], '/', (children) => (
      <UserContext.Provider value={userApi}>
        <CatalogueContext.Provider value={catalogueStub([asset], { reload })}>{children}</CatalogueContext.Provider>
      </UserContext.Provider>
    ))
    expect(await screen.findByTestId('buy-button')).toBeTruthy()
    expect(screen.queryByTestId('trading-banner')).toBeNull()
    expect(screen.getByText('$11.00')).toBeTruthy()
    await waitFor(() => expect(stream.connections).toBe(1))

    act(() => stream.send('window', atsWindow('OPEN')))
    const banner = await screen.findByTestId('trading-banner')
    expect(banner.textContent).toContain('Trading Window Now open!')
    expect(screen.getByTestId('trading-countdown').textContent).toMatch(/^5\d:\d\d$/) // about 59 minutes to the close
    expect(screen.getByText('now trading')).toBeTruthy()

    act(() => stream.send('pricing', { pricePerUnit: { issue: '10.00', current: '12.50', session: { lastClose: '11.00', latestFilled: '12.50' } } }))
    expect(await screen.findByText('$12.50')).toBeTruthy()

    act(() => stream.send('window', atsWindow('CONFIRMATION')))
    await waitFor(() => expect(screen.queryByTestId('trading-banner')).toBeNull())
    expect(screen.getByTestId('buy-button')).toBeTruthy() // post-only: orders rest for the next window

    expect(seen.filter((r) => r.includes('/api/v2/asset'))).toEqual([]) // the catalogue was not read
    expect(reload).not.toHaveBeenCalled()
  })
})
