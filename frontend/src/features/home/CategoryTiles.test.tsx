// @vitest-environment happy-dom
/** The home page's category tiles: a count only once the catalogue has loaded, never a false "0 assets". */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Asset } from '../../api/types'
import { CatalogueContext, type CatalogueApi, type CatalogueStatus } from '../assets/catalogue/catalogueContext'
import { CATEGORIES } from '../../domain/categories'
import { catalogueStub } from '../../testing/catalogue'
import { renderApp } from '../../testing/render'
import { CategoryTiles } from './CategoryTiles'

afterEach(cleanup)

function catalogue(status: CatalogueStatus, assets: Partial<Asset>[]): CatalogueApi {
  return catalogueStub(assets as Asset[], { status })
}

function renderTiles(api: CatalogueApi) {
  renderApp([{ path: '/app/home', element: <CategoryTiles /> }], '/app/home', (children) => (
    <CatalogueContext.Provider value={api}>{children}</CatalogueContext.Provider>
  ))
}

describe('CategoryTiles', () => {
  it('says nothing about counts while the asset list is loading', () => {
    renderTiles(catalogue('loading', []))
    expect(screen.getAllByTestId('category-tile')).toHaveLength(CATEGORIES.length)
    expect(screen.queryByText(/\d+ assets?/)).toBeNull()
    expect(screen.getAllByLabelText('Counting assets')).toHaveLength(CATEGORIES.length)
  })

  it("shows each category's count once loaded", () => {
    const [first, second] = CATEGORIES.map((c) => c.key)
    renderTiles(catalogue('ready', [{ id: 1, category: first }, { id: 2, category: first }, { id: 3, category: second }]))
    const counts = screen.getAllByTestId('category-count').map((el) => el.textContent)
    expect(counts[0]).toBe('2 assets')
    expect(counts[1]).toBe('1 asset')
    expect(counts.slice(2).every((text) => text === '0 assets')).toBe(true)
  })
})
