import { describe, expect, it } from 'vitest'
import type { AccessGroup } from '../api/types'
import { accessTypeFor, emptyCatalogueMessage, specialAccessAssets, visibleAssets } from './access'
import { modeForHost } from './mode'

const now = new Date('2026-06-01T12:00:00Z')
const assets = [
  { id: 1, asset_status: 'Coming Soon', order: 3 },
  { id: 2, asset_status: 'Open ICO', order: 1 },
  { id: 3, asset_status: 'Trading', order: 2 },
  { id: 4, asset_status: 'Coming Soon', order: 4 },
]
const g = (asset_id: number, access_type: string, access_end: string | null = null): AccessGroup => ({ asset_id, access_type, access_end, limitations: {} })

describe('mode', () => {
  it('early as the first host label gives special access', () => {
    expect(modeForHost('early.vitrine.app')).toBe('special')
    expect(modeForHost('EARLY.localhost:5173')).toBe('special')
    expect(modeForHost('early')).toBe('special')
    expect(modeForHost('app.early.vitrine.app')).toBe('default')
    expect(modeForHost('earlybird.vitrine.app')).toBe('default')
    expect(modeForHost('127.0.0.1')).toBe('default')
  })
})

describe('special-access filtering', () => {
  it('keeps accessible, unexpired assets whose status is not excluded; free_share_program first', () => {
    const groups = [g(1, 'early_io'), g(2, 'early_io'), g(3, 'free_share_program'), g(4, 'early_io', '2026-05-01T00:00:00Z')]
    expect(specialAccessAssets(assets, groups, now).map((a) => a.id)).toEqual([3, 1])
  })
  it('early_io excludes Open ICO but free_share_program does not', () => {
    expect(specialAccessAssets(assets, [g(2, 'early_io')], now)).toEqual([])
    expect(specialAccessAssets(assets, [g(2, 'free_share_program')], now).map((a) => a.id)).toEqual([2])
  })
  it('is empty without access', () => {
    expect(specialAccessAssets(assets, [], now)).toEqual([])
    expect(specialAccessAssets(assets, undefined, now)).toEqual([])
  })
  it('default mode shows everything by order', () => {
    expect(visibleAssets('default', assets, [], now).map((a) => a.id)).toEqual([2, 3, 1, 4])
    expect(visibleAssets('special', assets, [g(4, 'early_io', '2026-07-01T00:00:00Z')], now).map((a) => a.id)).toEqual([4])
  })
  it('access type per asset ignores expired access', () => {
    expect(accessTypeFor([g(1, 'early_io')], 1, now)).toBe('early_io')
    expect(accessTypeFor([g(1, 'early_io', '2026-01-01T00:00:00Z')], 1, now)).toBeNull()
    expect(accessTypeFor([g(1, 'early_io'), g(1, 'free_share_program')], 1, now)).toBe('free_share_program')
    expect(accessTypeFor([g(1, 'early_io')], 2, now)).toBeNull()
  })
  it('empty catalogue messages', () => {
    expect(emptyCatalogueMessage('special')).toBe('Sorry, you are not authorized for early access at this time.')
    expect(emptyCatalogueMessage('default')).toBe('Sorry, there are no assets available at this time.')
  })
})
