import { describe, expect, it } from 'vitest'
import {
  buyShows,
  clampSlide,
  earlyAccessBanner,
  daysLeft,
  exitedLine,
  formatShift,
  keyStep,
  lastTradePrice,
  pointsInRange,
  priceShift,
  progressFill,
  sharesBadge,
  SLIDES,
  swipeStep,
  valueChange,
} from './assetPage'

describe('slides', () => {
  it('are the six of the spec, in order, each with a view name', () => {
    expect(SLIDES.map((s) => s.label)).toEqual(['Main', 'Graph', 'Quote', 'Description', 'Media', 'Timeline'])
    expect(new Set(SLIDES.map((s) => s.view)).size).toBe(6)
  })
  it('move only within 0 to 5', () => {
    expect(clampSlide(-1)).toBe(0)
    expect(clampSlide(6)).toBe(5)
    expect(clampSlide(3)).toBe(3)
  })
  it('change on a swipe of velocity 1.7 or more', () => {
    expect(swipeStep(-1.69)).toBe(0)
    expect(swipeStep(1.69)).toBe(0)
    expect(swipeStep(-1.7)).toBe(1)
    expect(swipeStep(2.5)).toBe(-1)
  })
  it('move with the arrow and page keys', () => {
    expect(keyStep('ArrowDown')).toBe(1)
    expect(keyStep('PageUp')).toBe(-1)
    expect(keyStep('Enter')).toBe(0)
  })
})

describe('progress fill', () => {
  it('fills at least 8 % above 0, nothing at 0, caps at 100', () => {
    expect(progressFill(0)).toEqual({ width: 0, warning: false })
    expect(progressFill(1)).toEqual({ width: 8, warning: false })
    expect(progressFill(8.9)).toEqual({ width: 8, warning: false })
    expect(progressFill(40)).toEqual({ width: 40, warning: false })
    expect(progressFill(130)).toEqual({ width: 100, warning: true })
  })
  it('turns a warning colour at 75 %', () => {
    expect(progressFill(74).warning).toBe(false)
    expect(progressFill(75).warning).toBe(true)
  })
})

describe('days left', () => {
  const now = new Date('2026-11-27T12:00:00Z')
  it('rounds and floors at 0', () => {
    expect(daysLeft({ asset_status: 'Open ICO', offering_ends: '2026-11-30T00:00:00Z' }, now)).toBe(3) // 2.5 → 3
    expect(daysLeft({ asset_status: 'Open ICO', offering_ends: '2026-11-29T23:00:00Z' }, now)).toBe(2)
    expect(daysLeft({ asset_status: 'Open ICO', offering_ends: '2026-11-20T00:00:00Z' }, now)).toBe(0)
  })
  it('is 0 for a closed offering', () => {
    expect(daysLeft({ asset_status: 'Closed ICO', offering_ends: '2026-12-30T00:00:00Z' }, now)).toBe(0)
  })
})

describe('prices', () => {
  it('shift is the price minus the issue price, as a percent of it', () => {
    expect(priceShift('112.00', '100.00')).toBeCloseTo(12)
    expect(priceShift(90, 100)).toBeCloseTo(-10)
    expect(priceShift(90, null)).toBeNull()
    expect(formatShift(12)).toBe('+12.00%')
    expect(formatShift(-3.456)).toBe('-3.46%')
    expect(formatShift(0)).toBe('0.00%')
  })
  it('last trade: latest filled when live, else last close, issue, value / shares', () => {
    const trading = { current_trading_window: null, historyPricing: [], orderBook: { bids: [], asks: [] },
      pricing: { pricePerUnit: { issue: '10.00', current: '12.00', session: { lastClose: '11.00', latestFilled: '12.50' } } } }
    expect(lastTradePrice({ trading }, true)).toBe(12.5)
    expect(lastTradePrice({ trading }, false)).toBe(11)
    expect(lastTradePrice({ asset_value: '1000.00', number_of_shares: 50 }, false)).toBe(20)
  })
})

describe('chart', () => {
  const points = [
    { date: '2025-11-01', value: 100 },
    { date: '2026-06-01', value: 120 },
    { date: '2026-11-10', value: 150 },
  ]
  const now = new Date('2026-11-27T00:00:00Z')
  it('keeps the range counted back from now', () => {
    expect(pointsInRange(points, '1M', now).map((p) => p.value)).toEqual([150])
    expect(pointsInRange(points, '6M', now).map((p) => p.value)).toEqual([120, 150])
    expect(pointsInRange(points, 'ALL', now)).toHaveLength(3)
  })
  it('value change rounds to one decimal on a base of at least 1', () => {
    expect(valueChange(points)).toBe(50)
    expect(valueChange([{ date: 'a', value: 0 }, { date: 'b', value: 0.5 }])).toBe(50)
    expect(valueChange([{ date: 'a', value: 3 }, { date: 'b', value: 4 }])).toBe(33.3)
    expect(valueChange(points.slice(0, 1))).toBe(0)
  })
})

describe('exited and shares', () => {
  it('says when an exited asset sold', () => {
    expect(exitedLine('2026-11-13T10:00:00Z')).toBe('EXITED / SOLD ON Nov 13, 2026')
    expect(exitedLine(null)).toBe('EXITED')
  })
  it('reads share or shares', () => {
    expect(sharesBadge(0)).toBeNull()
    expect(sharesBadge(1)).toBe('1 share')
    expect(sharesBadge(1200)).toBe('1,200 shares')
  })
})

describe('buy button and early access', () => {
  it('shows for an open offering, and for a coming-soon one with early access', () => {
    expect(buyShows('Open ICO', null)).toBe(true)
    expect(buyShows('Coming Soon', null)).toBe(false)
    expect(buyShows('Coming Soon', 'early_io')).toBe(true)
    expect(buyShows('Closed ICO', 'early_io')).toBe(false)
  })
  it('the early-access banner only in special-access mode', () => {
    expect(earlyAccessBanner(true, 'early_io')).toBe(true)
    expect(earlyAccessBanner(false, 'early_io')).toBe(false)
    expect(earlyAccessBanner(true, null)).toBe(false)
  })
})
