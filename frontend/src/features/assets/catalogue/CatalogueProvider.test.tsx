// @vitest-environment happy-dom
/**
 * The catalogue's live list (spec doc 1 §4): read at start, read again every 15000 ms, status changes from the update
 * schedule merged in at their time. The update schedule: the status changes read at next_update_timestamp plus half
 * the interval, then at the time each answer says; a failure retried 5 s apart up to 10 times before the user is
 * logged out (a success counts afresh); a 401 ends it; nothing while the tab is hidden.
 */
import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Asset } from '../../../api/types'
import { ASSET_REFRESH_INTERVAL_MS } from '../../../config'
import { UPDATES_FAILED } from '../../../app/session/logoutReasons'
import { session } from '../../../app/session/sessionStore'
import { json, loggedInEachTest, stubApi, testQueryClient, type Answer } from '../../../testing/render'
import { useCatalogue } from './catalogueContext'
import { CatalogueProvider } from './CatalogueProvider'
import { fireDelayMs } from './useLiveUpdates'

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

const MODIFIED = '2026-11-24T10:00:00Z'
const ferrari = asset(1, 'Ferrari')
const nowSeconds = () => Math.floor(Date.now() / 1000)
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms))
const down: Answer = () => json({ detail: 'down' }, 503)

/**
 * The catalogue with the schedule's first update 5 s away (clear of the list's own refresh every 15 s); `changes`
 * answers GET /api/v2/asset/status/.
 */
function renderWithUpdates(changes: Answer | Answer[]) {
  const now = nowSeconds()
  const since: string[] = []
  const record = (answer: Answer): Answer => (request) => {
    since.push(new URL(request.url).searchParams.get('modified_gte') ?? '')
    return answer(request)
  }
  stubApi({
    'GET /api/categories/': () => json({ items: [] }),
    'GET /api/v2/assets/': () => json({ items: [ferrari] }),
    'GET /api/v2/asset/status/update-schedule/': () => json({ next_update_timestamp: now, update_seconds_interval: 10 }),
    'GET /api/v2/asset/status/': Array.isArray(changes) ? changes.map(record) : record(changes),
  })
  renderCatalogue()
  return since
}

/** An answer of GET /api/v2/asset/status/ whose next update fires `inSeconds` from now. */
const changesAnswer = (inSeconds: number, items: unknown[] = []): Answer => () =>
  json({ items, next_update_timestamp: nowSeconds() + inSeconds - 10, update_seconds_interval: 20 })

describe('asset update schedule', () => {
  beforeEach(() => vi.setSystemTime(new Date('2026-11-24T12:00:00Z')))
  afterEach(() => Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true }))

  it('fires at next_update_timestamp plus half the interval, with the newest change held, then when the answer says', async () => {
    const since = renderWithUpdates(changesAnswer(25, [{ id: 1, asset_status: 'Closed ICO', modified: '2026-11-24T11:00:00Z' }]))
    await advance(4_900)
    expect(since).toEqual([])
    await advance(200)
    expect(since).toEqual([String(Date.parse(MODIFIED) / 1000)])
    expect(names()).toBe('Ferrari:Closed ICO')
    await advance(24_800)
    expect(since).toHaveLength(1)
    await advance(200)
    expect(since).toHaveLength(2) // 25 s later, as the first answer said
  })

  it('retries a failure 5 s apart up to 10 times, then logs the user out', async () => {
    const since = renderWithUpdates(down)
    await advance(5_100)
    expect(since).toHaveLength(1)
    await advance(5_000 * 9)
    expect(since).toHaveLength(10)
    expect(session.isLoggedIn()).toBe(true)
    await advance(5_000)
    expect(since).toHaveLength(11)
    expect(session.isLoggedIn()).toBe(false)
    expect(session.get().logoutMessage).toBe(UPDATES_FAILED)
    await advance(60_000)
    expect(since).toHaveLength(11)
  })

  it('counts the failures afresh after a success', async () => {
    const blips = (n: number) => Array.from({ length: n }, () => down)
    const since = renderWithUpdates([...blips(8), changesAnswer(20), ...blips(8), changesAnswer(3_600)])
    await advance(5_100 + 5_000 * 8 + 20_000 + 5_000 * 8 + 100)
    expect(since).toHaveLength(18)
    expect(session.isLoggedIn()).toBe(true)
  })

  it('ends on a 401 without retrying (the 401 handler logs out)', async () => {
    const since = renderWithUpdates(() => json({ detail: 'expired' }, 401))
    await advance(120_000)
    expect(since).toHaveLength(1)
    expect(session.get().logoutMessage).not.toBe(UPDATES_FAILED)
  })

  it('fires nothing while the tab is hidden', async () => {
    const since = renderWithUpdates(changesAnswer(3_600))
    await advance(10)
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    await advance(60_000)
    expect(since).toEqual([])
  })
})

describe('fire delay', () => {
  it('fires at next_update_timestamp plus half the interval', () => {
    expect(fireDelayMs({ next_update_timestamp: 1_000, update_seconds_interval: 20 }, 995_000)).toBe(15_000)
    expect(fireDelayMs({ next_update_timestamp: 1_000, update_seconds_interval: 20 }, 2_000_000, 1_000)).toBe(1_000)
  })
})
