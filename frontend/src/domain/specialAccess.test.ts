import { describe, expect, it } from 'vitest'
import * as s from './specialAccess'

describe('special-access popup counters', () => {
  it('start at 1 for early_io and free_share_program, 3 otherwise', () => {
    expect(s.initialCount('early_io')).toBe(1)
    expect(s.initialCount('free_share_program')).toBe(1)
    expect(s.initialCount('special_access')).toBe(3)
  })
  it('are kept per user and access type', () => {
    expect(s.counterKey(7, 'early_io')).toBe('specialAccessPopup:7:early_io')
    expect(s.counterKey(8, 'early_io')).not.toBe(s.counterKey(7, 'early_io'))
  })
  it('show the popup while absent or above 0', () => {
    expect(s.shouldShow(null)).toBe(true)
    expect(s.shouldShow(2)).toBe(true)
    expect(s.shouldShow(0)).toBe(false)
    expect(s.shouldShow(-1)).toBe(false)
  })
  it('go down when the popup closes', () => {
    expect(s.afterClose(null, 'early_io')).toBe(0)
    expect(s.afterClose(null, 'special_access')).toBe(2)
    expect(s.afterClose(2, 'special_access')).toBe(1)
    expect(s.afterClose(0, 'early_io')).toBe(0)
  })
  it('read what was stored', () => {
    expect(s.parseCounter(null)).toBeNull()
    expect(s.parseCounter('x')).toBeNull()
    expect(s.parseCounter('2')).toBe(2)
    expect(s.parseCounter('0')).toBe(0)
  })
  it('come back to 1 after reaching 0', () => {
    expect(s.restored(0)).toBe(1)
    expect(s.restored(2)).toBe(2)
    expect(s.restored(null)).toBeNull()
  })
})

describe('the splash shown', () => {
  it('is a free share first, then early access, while its counter allows', () => {
    const candidates = [
      { id: 1, accessType: 'early_io' },
      { id: 2, accessType: 'free_share_program' },
      { id: 3, accessType: 'other' },
    ]
    expect(s.splashFor(candidates, () => null)).toEqual({ id: 2, accessType: 'free_share_program' })
    expect(s.splashFor(candidates, (t) => (t === 'free_share_program' ? 0 : null))).toEqual({ id: 1, accessType: 'early_io' })
    expect(s.splashFor(candidates, () => 0)).toBeNull()
  })
})

describe('the free share price', () => {
  it('is asset_value / number_of_shares with 2 decimals', () => {
    expect(s.freeSharePrice('80000.00', 8000)).toBe('10.00')
    expect(s.freeSharePrice('100', 3)).toBe('33.33')
    expect(s.freeSharePrice(undefined, 3)).toBeNull()
    expect(s.freeSharePrice('100', 0)).toBeNull()
  })
})
