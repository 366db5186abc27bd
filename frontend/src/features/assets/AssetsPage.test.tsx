// @vitest-environment happy-dom
/**
 * A category on a phone: the carousel of cards by default, the list view whose items come in one after the other
 * (0.05 s apart); on a desktop the list comes in at once, and beside an open asset the images of its two neighbours on
 * each side in the list load ahead.
 */
import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../api/types'
import { CatalogueContext } from './catalogue/catalogueContext'
import { viewMode } from './viewMode'
import { catalogueStub, tradingOf } from '../../testing/catalogue'
import { pageOf } from '../../testing/assetPage'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { AssetsPage } from './AssetsPage'

const asset = (id: number): Asset =>
  ({ id, ticker: `#C${id}`, asset_status: 'Open ICO', category: 'cars', display_name: `Car ${id}`, short_name: `C${id}`,
    price_per_share: '10.00', ipo_price_per_share: '10.00', progress_bar: 40, is_exited: false, trading: tradingOf(),
    home_image: `/media/assets/${id}/home.svg`, portal_image: `/media/assets/${id}/portal.svg` }) as unknown as Asset

const CARS = [asset(1), asset(2), asset(3)]

function onA(phone: boolean, path = '/app/assets/cars', assets = CARS) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: phone, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }))
  return renderApp([
    { path: '/app/assets/:category', element: <AssetsPage /> },
    { path: '/app/assets/:category/:ticker', element: <AssetsPage /> },
  ], path, (children) => <CatalogueContext.Provider value={catalogueStub(assets)}>{children}</CatalogueContext.Provider>)
}

describe('AssetsPage', () => {
  loggedInEachTest()
  afterEach(() => act(() => viewMode.set('carousel')))

  it('shows a phone the carousel, and the list view with its items staggered 0.05 s apart', () => {
    onA(true)
    expect(screen.getByRole('group', { name: 'Cars assets' })).toBeTruthy()
    act(() => viewMode.set('list'))
    const items = screen.getByRole('list', { name: 'Cars assets' }).querySelectorAll(':scope > li')
    expect([...items].map((li) => li.getAttribute('data-stagger'))).toEqual(['0.00s', '0.05s', '0.10s'])
    expect([...items].map((li) => getComputedStyle(li).animationDelay)).toEqual(['0.00s', '0.05s', '0.10s'])
  })

  it('shows a desktop the list at once', () => {
    onA(false)
    const items = screen.getByRole('list', { name: 'Cars assets' }).querySelectorAll(':scope > li')
    expect(items).toHaveLength(3)
    expect([...items].every((li) => li.getAttribute('data-stagger') === null)).toBe(true)
  })

  it('loads the images of the open asset and its two neighbours on each side ahead', () => {
    const loaded: string[] = []
    vi.stubGlobal('Image', class {
      set src(value: string) {
        loaded.push(value)
      }
    })
    const seven = [1, 2, 3, 4, 5, 6, 7].map(asset)
    stubApi({ 'GET /api/v2/assets/5/': () => json(pageOf(asset(5))) })
    onA(false, '/app/assets/cars/C5', seven)
    expect(loaded.filter((src) => src.endsWith('home.svg')).sort()).toEqual([3, 4, 5, 6, 7].map((id) => `/media/assets/${id}/home.svg`))
  })
})
