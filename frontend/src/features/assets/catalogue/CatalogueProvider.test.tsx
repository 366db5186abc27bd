// @vitest-environment happy-dom
/**
 * The catalogue's live list (spec doc 1 §4): read at start, read again every 15000 ms, status changes from the update
 * schedule merged in at their time.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../../api/types'
import { ASSET_REFRESH_INTERVAL_MS } from '../../../config'
import { json, loggedInEachTest, stubApi, testQueryClient } from '../../../testing/render'
import { useCatalogue } from './catalogueContext'
import { CatalogueProvider } from './CatalogueProvider'

const asset = (id: number, name: string, status = 'Open ICO'): Partial<Asset> => ({
  id,
  display_name: name,
  ticker: `#${id}`,
  asset_status: status as Asset['asset_status'],
  order: id,
  modified: '2026-11-24T10:00:00Z',
})

function Names() {
  const { assets, status } = useCatalogue()
  return <p data-testid="names">{status === 'ready' ? assets.map((a) => `${a.display_name}:${a.asset_status}`).join(', ') : status}</p>
}

function renderCatalogue() {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <CatalogueProvider>
        <Names />
      </CatalogueProvider>
    </QueryClientProvider>,
  )
}

const names = () => screen.getByTestId('names').textContent

loggedInEachTest()
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }))
afterEach(() => void vi.useRealTimers())

describe('CatalogueProvider', () => {
  it('reads the asset list again every 15000 ms', async () => {
    const seen = stubApi({
      'GET /api/categories/': () => json({ items: [] }),
      'GET /api/v2/assets/': [() => json({ items: [asset(1, 'Ferrari')] }), () => json({ items: [asset(1, 'Ferrari'), asset(2, 'Rolex')] })],
      // the next scheduled update is an hour away
      'GET /api/v2/asset/status/update-schedule/': () => json({ next_update_timestamp: Math.floor(Date.now() / 1000) + 3600, update_seconds_interval: 60 }),
    })
    renderCatalogue()
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(names()).toBe('Ferrari:Open ICO')
    await act(() => vi.advanceTimersByTimeAsync(ASSET_REFRESH_INTERVAL_MS - 100))
    expect(seen.filter((r) => r === 'GET /api/v2/assets/')).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(seen.filter((r) => r === 'GET /api/v2/assets/')).toHaveLength(2)
    expect(names()).toBe('Ferrari:Open ICO, Rolex:Open ICO')
  })

  it('merges the status changes the update schedule brings at its time', async () => {
    const now = Math.floor(Date.now() / 1000)
    stubApi({
      'GET /api/categories/': () => json({ items: [] }),
      'GET /api/v2/assets/': () => json({ items: [asset(1, 'Ferrari')] }),
      // fires at next_update_timestamp + interval / 2 = 5 s from now
      'GET /api/v2/asset/status/update-schedule/': () => json({ next_update_timestamp: now, update_seconds_interval: 10 }),
      'GET /api/v2/asset/status/': () =>
        json({ items: [{ id: 1, asset_status: 'Closed ICO', modified: '2026-11-24T11:00:00Z' }], next_update_timestamp: now + 3600, update_seconds_interval: 10 }),
    })
    renderCatalogue()
    await act(() => vi.advanceTimersByTimeAsync(10))
    expect(names()).toBe('Ferrari:Open ICO')
    await act(() => vi.advanceTimersByTimeAsync(5_100))
    expect(names()).toBe('Ferrari:Closed ICO')
  })
})
