// @vitest-environment happy-dom
/**
 * The asset cards' carousel as a person meets it: the centre card whole and one faded neighbour on each side
 * (nothing further), the arrows and the arrow keys moving it within the list with the position announced, the
 * neighbours out of the keyboard's order, the images around the centre loaded ahead, and each card's call to action.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../../api/types'
import { CatalogueContext } from '../catalogue/catalogueContext'
import { catalogueStub, tradingOf } from '../../../testing/catalogue'
import { renderApp } from '../../../testing/render'
import { AssetCarousel } from './AssetCarousel'

const asset = (id: number, asset_status: string, progress_bar = 40): Asset =>
  ({ id, ticker: `#A${id}`, asset_status, category: 'cars', display_name: `Asset ${id}`, short_name: `A${id}`,
    price_per_share: '10.00', ipo_price_per_share: '10.00', progress_bar, is_exited: false, trading: tradingOf(),
    home_image: `/media/assets/${id}/home.svg`, portal_image: `/media/assets/${id}/portal.svg` }) as unknown as Asset

const FIVE = [asset(1, 'Open ICO'), asset(2, 'Coming Soon'), asset(3, 'Closed ICO'), asset(4, 'Open ICO', 100), asset(5, 'Open ICO')]

let loaded: string[] = []

function show(assets: readonly Asset[]) {
  return renderApp([
    { path: '/app/home', element: <AssetCarousel assets={assets} label="Featured" /> },
    { path: '/app/assets/:category/:ticker', element: <p>asset page</p> },
  ], '/app/home', (children) => <CatalogueContext.Provider value={catalogueStub(assets)}>{children}</CatalogueContext.Provider>)
}

const shownTickers = () => screen.getAllByTestId('asset-item').map((a) => a.getAttribute('data-ticker'))
const centre = () => screen.getByRole('group', { name: 'Featured' }).querySelector('[data-centre="true"]') as HTMLElement

describe('AssetCarousel', () => {
  beforeEach(() => {
    loaded = []
    vi.stubGlobal('Image', class {
      set src(value: string) {
        loaded.push(value)
      }
    })
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the centre card and its neighbours only, the neighbours faded and out of the keyboard order', () => {
    show(FIVE)
    expect(shownTickers()).toEqual(['#A1', '#A2'])
    fireEvent.click(screen.getByRole('button', { name: 'Next asset' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next asset' }))
    expect(shownTickers()).toEqual(['#A2', '#A3', '#A4'])
    expect(centre().getAttribute('aria-label')).toBe('3 of 5')
    const links = screen.getAllByTestId('asset-item')
    expect(links.map((l) => l.getAttribute('tabindex'))).toEqual(['-1', null, '-1'])
    const slides = links.map((l) => l.closest('li') as HTMLElement)
    expect(slides.map((s) => s.getAttribute('aria-hidden'))).toEqual(['true', null, 'true'])
    expect(slides.map((s) => getComputedStyle(s).opacity)).toEqual(['0.4', '1', '0.4'])
    expect(slides.map((s) => getComputedStyle(s).transform)).toEqual(['scale(0.8)', 'scale(1)', 'scale(0.8)'])
    expect(screen.getByText('3 of 5: Asset 3')).toBeTruthy() // the live region
  })

  it('moves within the list by its arrows and the arrow keys, the focus staying on the centre card', () => {
    show(FIVE)
    const previous = screen.getByRole('button', { name: 'Previous asset' }) as HTMLButtonElement
    const next = screen.getByRole('button', { name: 'Next asset' }) as HTMLButtonElement
    expect(previous.disabled).toBe(true)
    const first = within(centre()).getByTestId('asset-item')
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowRight' })
    expect(centre().getAttribute('aria-label')).toBe('2 of 5')
    expect(document.activeElement?.getAttribute('data-ticker')).toBe('#A2')
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' })
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' })
    expect(centre().getAttribute('aria-label')).toBe('1 of 5')
    for (let i = 0; i < 6; i += 1) fireEvent.click(next)
    expect(centre().getAttribute('aria-label')).toBe('5 of 5')
    expect(next.disabled).toBe(true)
  })

  it('opens the centre card, and a click on a neighbour brings it to the centre', async () => {
    const { router } = show(FIVE)
    fireEvent.click(screen.getByText('Asset 2'))
    expect(centre().getAttribute('aria-label')).toBe('2 of 5')
    expect(router.state.location.pathname).toBe('/app/home')
    fireEvent.click(within(centre()).getByTestId('asset-item'))
    expect(await screen.findByText('asset page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/app/assets/cars/A2')
  })

  it('loads the images of the centre card and two neighbours on each side ahead', () => {
    show(FIVE)
    expect(loaded).toEqual(['/media/assets/1/home.svg', '/media/assets/2/home.svg', '/media/assets/3/home.svg'])
    fireEvent.click(screen.getByRole('button', { name: 'Next asset' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next asset' }))
    expect(loaded.slice(3)).toEqual(['/media/assets/4/home.svg', '/media/assets/5/home.svg'])
  })

  it('has no arrows for one asset', () => {
    show([asset(9, 'Open ICO')])
    expect(screen.queryByRole('button', { name: /asset$/ })).toBeNull()
  })

  it("says 'EXPLORE & INVEST' where the investor can invest, 'EXPLORE' elsewhere", () => {
    show(FIVE)
    const action = () => within(centre()).getByTestId('card-action').textContent
    const seen = [action()]
    for (let i = 1; i < FIVE.length; i += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Next asset' }))
      seen.push(action())
    }
    expect(seen).toEqual(['EXPLORE & INVEST', 'EXPLORE', 'EXPLORE', 'EXPLORE', 'EXPLORE & INVEST'])
  })
})
