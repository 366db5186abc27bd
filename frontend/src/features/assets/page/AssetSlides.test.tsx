// @vitest-environment happy-dom
/**
 * The asset page's six slides as an investor meets them: keys, dots, the chevron and a fast swipe move within 0 to
 * 5, a slow swipe does not, the last slide has the help link, a new asset starts again at the main slide; the Graph
 * slide's ranges and its table; the main slide's price shift, days left, and a closed offering's calendar link.
 */
import { act, fireEvent, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../../api/types'
import { CatalogueContext } from '../catalogue/catalogueContext'
import { AssetDetail } from '../components/AssetDetail'
import { catalogueStub, tradingOf } from '../../../testing/catalogue'
import { assetOf, pageOf } from '../../../testing/assetPage'
import { json, loggedInEachTest, renderApp, stubApi } from '../../../testing/render'

const CAR = assetOf({ id: 1 })
const OTHER = assetOf({ id: 2, ticker: '#CAR2', display_name: 'Other Car' })

function Switcher() {
  const [asset, setAsset] = useState<Asset>(CAR)
  return (
    <>
      <button onClick={() => setAsset(OTHER)}>switch</button>
      <AssetDetail asset={asset} category={undefined} />
    </>
  )
}

function renderPage(assets: Asset[] = [CAR, OTHER]) {
  stubApi(Object.fromEntries(assets.map((a) => [`GET /api/v2/assets/${a.id}/`, () => json(pageOf(a))])))
  return renderApp([{ path: '/app/assets/cars/:ticker', element: <Switcher /> }], '/app/assets/cars/CAR1', (children) => (
    <CatalogueContext.Provider value={catalogueStub(assets)}>{children}</CatalogueContext.Provider>
  ))
}

const slides = () => screen.getByTestId('asset-slides')
const current = () => slides().querySelector('[aria-roledescription="slide"]')?.getAttribute('aria-label')

describe('AssetSlides', () => {
  loggedInEachTest()
  // the chart's chunk (recharts) loaded before the tests, as a browser has it once the Graph slide first showed: the
  // tests wait on what shows, not on how fast a module loads
  beforeAll(async () => {
    await import('./ValueChart')
  })

  it('moves by keys within the six slides, shows the help link on the last, and starts again on a new asset', async () => {
    renderPage()
    expect(current()).toBe('Main')
    fireEvent.keyDown(slides(), { key: 'ArrowUp' })
    expect(current()).toBe('Main')
    fireEvent.keyDown(slides(), { key: 'ArrowDown' })
    expect(current()).toBe('Graph')
    expect(slides().querySelector('[data-view]')?.getAttribute('data-view')).toBe('Asset Detail - Value Chart')
    for (let i = 0; i < 6; i++) fireEvent.keyDown(slides(), { key: 'ArrowDown' })
    expect(current()).toBe('Timeline')
    expect(screen.getByRole('link', { name: 'Questions / Need help? Email us!' })).toBeTruthy()
    expect(screen.queryByTestId('next-slide')).toBeNull()
    expect(await screen.findByText('Acquired by Vitrine.')).toBeTruthy()
    fireEvent.click(screen.getByText('switch'))
    expect(current()).toBe('Main')
    expect(screen.getByRole('heading', { name: 'Other Car' })).toBeTruthy()
  })

  it('moves by the dots and the chevron', () => {
    renderPage()
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Slides' })).getByRole('button', { name: 'Media' }))
    expect(current()).toBe('Media')
    fireEvent.click(screen.getByTestId('next-slide'))
    expect(current()).toBe('Timeline')
  })

  it('changes slide on a swipe of velocity 1.7 or more only, by mouse or finger', () => {
    const now = vi.spyOn(performance, 'now')
    renderPage()
    now.mockReturnValue(1000)
    fireEvent.pointerDown(slides(), { clientY: 400, pointerType: 'mouse' })
    now.mockReturnValue(1100)
    fireEvent.pointerUp(slides(), { clientY: 300, pointerType: 'mouse' }) // 1 px/ms: too slow
    expect(current()).toBe('Main')
    now.mockReturnValue(2000)
    fireEvent.pointerDown(slides(), { clientY: 400, pointerType: 'mouse' })
    now.mockReturnValue(2100)
    fireEvent.pointerUp(slides(), { clientY: 200, pointerType: 'mouse' }) // 2 px/ms upwards: next
    expect(current()).toBe('Graph')
    now.mockReturnValue(3000)
    fireEvent.touchStart(slides(), { touches: [{ clientY: 100 }] })
    now.mockReturnValue(3050)
    fireEvent.touchEnd(slides(), { changedTouches: [{ clientY: 300 }] }) // 4 px/ms downwards: back
    expect(current()).toBe('Main')
    now.mockReturnValue(4000)
    fireEvent.touchStart(slides(), { touches: [{ clientY: 100 }] })
    now.mockReturnValue(4100)
    fireEvent.touchEnd(slides(), { changedTouches: [{ clientY: 120 }] }) // a slow scroll: stays
    expect(current()).toBe('Main')
    now.mockRestore()
  })

  it('shows the similar sales over the chosen range, with a table of the points', async () => {
    renderPage()
    fireEvent.keyDown(slides(), { key: 'ArrowDown' })
    expect(screen.getByRole('tab', { name: 'SIMILAR ASSET SALES' })).toBeTruthy()
    expect(screen.queryByRole('tab', { name: 'TRADING ON VITRINE' })).toBeNull() // an offering has no trading
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(4) // the header and three points
    expect(screen.getByTestId('value-change').textContent).toBe('+100.0% over all time')
    // the chart (recharts through Chakra's charts package) is named for a screen reader by its ends
    const chart = screen.getByRole('img', { name: 'SIMILAR ASSET SALES: from $500.00 to $1,000.00' })
    expect(chart.querySelector('.recharts-wrapper')).not.toBeNull()
    fireEvent.click(screen.getByRole('button', { name: '1M' }))
    expect(within(await screen.findByRole('table')).getAllByRole('row')).toHaveLength(2)
    expect(screen.getByText('Prices are not adjusted for inflation.')).toBeTruthy()
  })

  it("shows a traded asset's closes under TRADING ON VITRINE", async () => {
    const traded = assetOf({
      id: 5, asset_status: 'Trading', financialInstrument: { id: 'fi-5', markets: { secondaryMarket: { status: 'OPEN' } } },
      trading: tradingOf({ pricing: { pricePerUnit: { issue: '10.00', current: '11.20', session: {} } } }),
    } as Partial<Asset> & { id: number })
    stubApi({
      'GET /api/v2/assets/5/': () => json(pageOf(traded)),
      'GET /api/financial-instruments/securities/fi-5/markets/pricing/history': () =>
        json({ data: { financialInstrument: { id: 'fi-5' }, dataPoints: [{ date: '2026-01-02', pricePerUnit: { close: '10.00' } }, { date: '2026-02-02', pricePerUnit: { close: '12.00' } }] } }),
    })
    renderApp([{ path: '/', element: <AssetDetail asset={traded} category={undefined} /> }], '/', (children) => (
      <CatalogueContext.Provider value={catalogueStub([traded])}>{children}</CatalogueContext.Provider>
    ))
    expect(screen.getByTestId('price-shift').textContent).toBe('+12.00%')
    expect(screen.queryByTestId('days-left')).toBeNull()
    act(() => {
      fireEvent.keyDown(slides(), { key: 'ArrowDown' })
    })
    expect(screen.getByRole('tab', { name: 'TRADING ON VITRINE' }).getAttribute('aria-selected')).toBe('true')
    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    expect(screen.getByTestId('value-change').textContent).toBe('+20.0% over all time')
  })

  it('main slide: days left of an offering; a closed offering links to the trading calendar', () => {
    const closed = assetOf({ id: 9, asset_status: 'Closed ICO', progress_bar: 100 })
    renderPage([CAR])
    expect(screen.getByTestId('days-left').textContent).toBe('5 days left')
    expect(screen.getByTestId('invest-button')).toBeTruthy()
    renderApp([{ path: '/', element: <AssetDetail asset={closed} category={undefined} /> }], '/', (children) => (
      <CatalogueContext.Provider value={catalogueStub([closed])}>{children}</CatalogueContext.Provider>
    ))
    expect(screen.getAllByTestId('days-left')[1]?.textContent).toBe('0 days left')
    expect(screen.getByRole('link', { name: 'Trading calendar' }).getAttribute('href')).toBe('/app/investments-calendar?asset=9')
    expect(screen.queryByText(/later release/)).toBeNull()
  })

  it('an early-access investor gets the buy button on a coming-soon asset', () => {
    const soon = assetOf({ id: 4, asset_status: 'Coming Soon', progress_bar: 0 })
    stubApi({ 'GET /api/v2/assets/4/': () => json(pageOf(soon)) })
    renderApp([{ path: '/', element: <AssetDetail asset={soon} category={undefined} /> }], '/', (children) => (
      <CatalogueContext.Provider value={catalogueStub([soon], { accessTypeFor: () => 'early_io' })}>{children}</CatalogueContext.Provider>
    ))
    expect(screen.getByTestId('invest-button')).toBeTruthy()
  })
})
