// @vitest-environment happy-dom
/**
 * The home screen as a person meets it: the banners with their calls to action, closing one (it stays closed after
 * the screen is opened again, and shows again when its subheader changes), the highlight heroes with their texts,
 * the carousels, the calendar link only when the feature is on, loading and a failed read with a retry; with the
 * atsCards flag on, the introduction to instant trading opening by itself at start-up (once, not again within a day)
 * and its link.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, assert, describe, expect, it } from 'vitest'
import { UserContext, type UserApi } from '../../app/account/userContext'
import type { Asset, HomeScreen, User } from '../../api/types'
import { CatalogueContext } from '../assets/catalogue/catalogueContext'
import { catalogueStub, tradingOf } from '../../testing/catalogue'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { AtsPage } from '../trading/AtsPage'
import { HomePage } from './HomePage'

const asset = (id: number, ticker: string, asset_status: string, category = 'cars'): Asset =>
  ({ id, ticker, asset_status, category, display_name: `${ticker} name`, short_name: ticker, price_per_share: '10.00', ipo_price_per_share: '10.00', progress_bar: 40, is_exited: false, trading: tradingOf() }) as unknown as Asset

const F40 = asset(1, '#88F40', 'Trading')
const SPLIT = asset(2, '#63SPLIT', 'Open ICO')
const GATSBY = asset(3, '#GATSBY', 'Post Only', 'art')
const ASSETS = [F40, SPLIT, GATSBY]

function homeScreen(over: { subheader?: string; calendar?: boolean; atsCards?: number } = {}): HomeScreen {
  return {
    sections: {
      banners: [
        { id: 10, header: "The '88 F40 is trading", subheader: over.subheader ?? 'Buy and sell shares during market hours.', imageLink: '/media/assets/1/home.svg', assetId: 1,
          callToAction: { text: 'View the F40', enabled: true, referenceType: 'ASSET', url: null, assetId: 1 } },
        { id: 11, header: 'Know when the market opens', subheader: 'Every session, in the trading calendar.', imageLink: '/media/assets/2/home.svg', assetId: null,
          callToAction: { text: 'Open the calendar', enabled: true, referenceType: 'LINK', url: '/app/investments-calendar', assetId: null } },
      ],
      highlights: [
        { assetId: 2, heroText: 'Initial Offering Now Open', progressText: '22% remaining' },
        { assetId: 1, heroText: 'Trading Now — Act Fast!', progressText: null },
        { assetId: 3, heroText: 'Accepting Orders Now!', progressText: null },
      ],
      carousels: [{ id: 20, title: 'Trading on Vitrine', assetIds: [3, 1] }],
    },
    features: { calendar: { enabled: over.calendar ?? true }, atsCards: over.atsCards ?? 0 },
    assets: ASSETS as HomeScreen['assets'],
  }
}

function renderHome() {
  return renderApp([
    { path: '/app/home', element: <HomePage /> },
    { path: '/app/investments-calendar', element: <p>calendar page</p> },
    { path: '/app/assets/:category/:ticker', element: <p>asset page</p> },
  ], '/app/home', (children) => <CatalogueContext.Provider value={catalogueStub(ASSETS)}>{children}</CatalogueContext.Provider>)
}

const bannerHeaders = () => screen.queryAllByTestId('home-banner').map((b) => within(b).getByRole('heading').textContent)

describe('HomePage', () => {
  loggedInEachTest()
  afterEach(() => localStorage.clear())

  it('shows the banners, the heroes with their texts, the carousels and the calendar link', async () => {
    stubApi({ 'GET /api/client-screens/home': () => json(homeScreen()) })
    const { router } = renderHome()
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: "The '88 F40 is trading" })).toBeTruthy()
    expect(bannerHeaders()).toEqual(["The '88 F40 is trading", 'Know when the market opens'])
    expect(screen.getByRole('link', { name: 'View the F40' }).getAttribute('href')).toBe('/app/assets/cars/88F40')
    expect(screen.getByRole('link', { name: 'Open the calendar' }).getAttribute('href')).toBe('/app/investments-calendar')

    const heroes = screen.getAllByTestId('highlight')
    const hero = (i: number): HTMLElement => heroes[i] ?? assert.fail(`no hero ${i}`)
    expect(heroes.map((h) => h.getAttribute('data-ticker'))).toEqual(['#63SPLIT', '#88F40', '#GATSBY'])
    expect(within(hero(0)).getByText('Initial Offering Now Open')).toBeTruthy()
    expect(within(hero(0)).getByText('22% remaining')).toBeTruthy()
    expect(within(hero(1)).getByText('Trading Now — Act Fast!')).toBeTruthy()
    expect(within(hero(2)).getByText('Accepting Orders Now!')).toBeTruthy()
    expect(hero(2).getAttribute('href')).toBe('/app/assets/comics-literature/GATSBY')

    const carousel = screen.getByRole('region', { name: 'Trading on Vitrine' })
    expect(within(carousel).getAllByTestId('asset-item').map((a) => a.getAttribute('data-ticker'))).toEqual(['#GATSBY', '#88F40'])

    fireEvent.click(screen.getByTestId('calendar-link'))
    expect(await screen.findByText('calendar page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/app/investments-calendar')
  })

  it('keeps a closed banner closed when home opens again, and shows it again when its subheader changes', async () => {
    stubApi({ 'GET /api/client-screens/home': [() => json(homeScreen()), () => json(homeScreen()), () => json(homeScreen({ subheader: 'Now with lower fees.' }))] })
    const first = renderHome()
    const closeButton = await screen.findByRole('button', { name: "Close banner: The '88 F40 is trading" })
    closeButton.focus()
    fireEvent.click(closeButton)
    expect(bannerHeaders()).toEqual(['Know when the market opens'])
    expect(document.activeElement?.contains(screen.getByRole('button', { name: 'Close banner: Know when the market opens' }))).toBe(true) // focus stays in the sections
    first.unmount()

    const second = renderHome()
    expect(await screen.findByRole('heading', { name: 'Know when the market opens' })).toBeTruthy()
    expect(bannerHeaders()).toEqual(['Know when the market opens'])
    second.unmount()

    renderHome()
    expect(await screen.findByText('Now with lower fees.')).toBeTruthy()
    expect(bannerHeaders()).toEqual(["The '88 F40 is trading", 'Know when the market opens'])
  })

  it('has no calendar link when the feature is off', async () => {
    stubApi({ 'GET /api/client-screens/home': () => json(homeScreen({ calendar: false })) })
    renderHome()
    expect(await screen.findByRole('heading', { name: 'Highlights' })).toBeTruthy()
    expect(screen.queryByTestId('calendar-link')).toBeNull()
  })

  it('shows a failed read with a retry that reads again', async () => {
    const down = () => json({ errors: [{ message: 'down' }] }, 503)
    const seen = stubApi({ 'GET /api/client-screens/home': [down, down, down, down, () => json(homeScreen())] })
    renderHome()
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Highlights' })).toBeTruthy()
    await waitFor(() => expect(seen.filter((r) => r === 'GET /api/client-screens/home').length).toBe(5))
  })

  it('opens the introduction to instant trading at start-up when the flag is on, once a day, and links to it', async () => {
    stubApi({ 'GET /api/client-screens/home': () => json(homeScreen({ atsCards: 1 })) })
    const user = { id: 7, email: 'demo@vitrine.test', emails: [] } as unknown as User
    const userApi: UserApi = { user, loading: false, failed: false, reload: async () => user, patchUser: () => undefined }
    const { router } = renderApp(
      [
        { path: '/app/home', element: <HomePage /> },
        { path: '/app/ats/*', element: <AtsPage /> },
      ],
      '/app/home',
      (children) => (
        <UserContext.Provider value={userApi}>
          <CatalogueContext.Provider value={catalogueStub(ASSETS)}>{children}</CatalogueContext.Provider>
        </UserContext.Provider>
      ),
    )
    expect(await screen.findByTestId('ats-card-live-trading')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByTestId('ats-card-instant-buy')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByTestId('ats-card-post-only')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Explore' }))
    // home again: shown today already, so it stays; its link opens the cards whenever asked
    const link = await screen.findByTestId('ats-link')
    expect(router.state.location.pathname).toBe('/app/home')
    fireEvent.click(link)
    expect(await screen.findByTestId('ats-card-live-trading')).toBeTruthy()
  })
})
