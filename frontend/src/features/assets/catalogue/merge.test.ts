import { describe, expect, it } from 'vitest'
import type { Asset } from '../../../api/types'
import { mergeStatusUpdates, newestModified, replaceAsset, sortByOrder } from './merge'

const a = (id: number, order: number, extra: Partial<Asset> = {}): Asset => ({
  id,
  ticker: `#A${id}`,
  display_name: `Asset ${id}`,
  category: 'cars',
  order,
  asset_status: 'Open ICO',
  progress_bar: 10,
  ...extra,
})

describe('catalogue merging', () => {
  it('applies status changes to known assets only, keeping other fields', () => {
    const merged = mergeStatusUpdates([a(1, 1), a(2, 2)], [{ id: 2, progress_bar: 80, asset_status: 'Closed ICO' }, { id: 9, progress_bar: 5 }])
    expect(merged.map((x) => [x.id, x.progress_bar, x.asset_status, x.display_name])).toEqual([
      [1, 10, 'Open ICO', 'Asset 1'],
      [2, 80, 'Closed ICO', 'Asset 2'],
    ])
  })
  it('replaces or inserts one asset in order', () => {
    expect(replaceAsset([a(1, 1), a(3, 3)], a(2, 2)).map((x) => x.id)).toEqual([1, 2, 3])
    expect(replaceAsset([a(1, 1)], a(1, 1, { progress_bar: 99 }))[0]?.progress_bar).toBe(99)
  })
  it('sorts by order and finds the newest modification', () => {
    expect(sortByOrder([a(1, 5), a(2, 1)]).map((x) => x.id)).toEqual([2, 1])
    expect(newestModified([{ modified: '2026-01-01T00:00:10Z' }, { modified: '2026-01-01T00:00:20Z' }, {}])).toBe(1767225620)
    expect(newestModified([{}])).toBeNull()
  })
})
