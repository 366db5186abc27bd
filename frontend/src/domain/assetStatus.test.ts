import { describe, expect, it } from 'vitest'
import type { Asset } from '../api/types'
import { tradingOf } from '../testing/catalogue'
import { canOpen, displayPrice, notifyKind, openOfferingLine, progressPercent, sameTicker, statusLine, tickerSlug } from './assetStatus'

type StatusAsset = Parameters<typeof statusLine>[0]

function asset(partial: Partial<Asset>): StatusAsset {
  return { asset_status: 'Coming Soon', progress_bar: 0, is_exited: false, ...partial }
}

function trading(market: 'OPEN' | 'CLOSED' | 'DISABLED', window: { status: string; remaining_value?: number | null } | null): Partial<Asset> {
  return {
    financialInstrument: { id: 'fi', markets: { secondaryMarket: { status: market } } },
    trading: tradingOf({ current_trading_window: window ? { id: 'w', ...window } : null }),
  }
}

describe('progress', () => {
  it('is an integer capped at 100', () => {
    expect(progressPercent(42.9)).toBe(42)
    expect(progressPercent(140)).toBe(100)
    expect(progressPercent(-3)).toBe(0)
    expect(progressPercent('77')).toBe(77)
    expect(progressPercent(null)).toBe(0)
  })
})

describe('status lines', () => {
  it('Coming Soon: early access for early_io, else preview coming soon', () => {
    expect(statusLine(asset({ asset_status: 'Coming Soon' }), 'early_io')).toEqual({ text: 'early access', tone: 'early' })
    expect(statusLine(asset({ asset_status: 'Coming Soon' }), 'free_share_program').text).toBe('preview coming soon')
    expect(statusLine(asset({ asset_status: 'Coming Soon' })).text).toBe('preview coming soon')
  })

  it('Open ICO: percent funded up to 50', () => {
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 0 }))).toEqual({ text: '0% funded', tone: 'default', progress: 0 })
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 50 }))).toEqual({ text: '50% funded', tone: 'default', progress: 50 })
  })

  it('Open ICO: percent remaining above 50, finishing (red) above 75', () => {
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 51 }))).toEqual({ text: '49% remaining', tone: 'default', progress: 51 })
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 75 }))).toEqual({ text: '25% remaining', tone: 'default', progress: 75 })
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 76 }))).toEqual({ text: '24% remaining', tone: 'finishing', progress: 76 })
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 99.7 }))).toEqual({ text: '1% remaining', tone: 'finishing', progress: 99 })
  })

  it('Open ICO: sold out at 100 (and above)', () => {
    expect(statusLine(asset({ asset_status: 'Open ICO', progress_bar: 100 })).text).toBe('initial offering complete | sold out')
    expect(openOfferingLine(130)).toEqual({ text: 'initial offering complete | sold out', tone: 'muted', progress: 100 })
  })

  it('Closed ICO: closed offering', () => {
    expect(statusLine(asset({ asset_status: 'Closed ICO' })).text).toBe('closed offering')
  })

  it('Trading: now trading with the secondary market OPEN', () => {
    expect(statusLine(asset({ asset_status: 'Trading', ...trading('OPEN', { status: 'OPEN' }) }))).toEqual({ text: 'now trading', tone: 'positive' })
    expect(statusLine(asset({ asset_status: 'Trading', ...trading('OPEN', null) })).text).toBe('now trading')
  })

  it('Trading: trading closed when the market is DISABLED', () => {
    expect(statusLine(asset({ asset_status: 'Trading', ...trading('DISABLED', { status: 'OPEN' }) })).text).toBe('trading closed')
    expect(statusLine(asset({ asset_status: 'Trading', ...trading('DISABLED', { status: 'CLOSED' }) })).text).toBe('trading closed')
  })

  it('Trading: in review when the trading window is not OPEN', () => {
    expect(statusLine(asset({ asset_status: 'Trading', ...trading('OPEN', { status: 'CLOSED' }) })).text).toBe('in review')
  })

  it('Post Only: accepting orders, open when nothing remains, closed otherwise', () => {
    expect(statusLine(asset({ asset_status: 'Post Only', ...trading('CLOSED', { status: 'CLOSED', remaining_value: 0 }) }))).toEqual({
      text: 'Accepting orders',
      tone: 'positive',
      detail: 'open for post-only orders',
    })
    expect(statusLine(asset({ asset_status: 'Post Only', ...trading('CLOSED', { status: 'CLOSED', remaining_value: -5 }) })).detail).toBe('open for post-only orders')
    expect(statusLine(asset({ asset_status: 'Post Only', ...trading('CLOSED', { status: 'CLOSED', remaining_value: 3600 }) }))).toEqual({
      text: 'Accepting orders',
      tone: 'muted',
      detail: 'trading closed',
    })
  })

  it('Trading closed', () => {
    expect(statusLine(asset({ asset_status: 'Trading closed' })).text).toBe('trading closed')
  })

  it('exited assets say so and cannot be opened', () => {
    expect(statusLine(asset({ asset_status: 'Trading', is_exited: true })).text).toBe('exited')
    expect(canOpen({ is_exited: true })).toBe(false)
    expect(canOpen({ is_exited: false })).toBe(true)
    expect(canOpen({})).toBe(true)
  })
})

describe('notify kind', () => {
  it('notify me for coming soon, on trading for closed offering or trading closed', () => {
    expect(notifyKind({ asset_status: 'Coming Soon' })).toBe('notify_me')
    expect(notifyKind({ asset_status: 'Closed ICO' })).toBe('notify_on_trading')
    expect(notifyKind({ asset_status: 'Trading closed' })).toBe('notify_on_trading')
    expect(notifyKind({ asset_status: 'Open ICO' })).toBeNull()
    expect(notifyKind({ asset_status: 'Closed ICO', is_exited: true })).toBeNull()
  })
})

describe('tickers and prices', () => {
  it('drops # in URLs and compares without it', () => {
    expect(tickerSlug('#CARS01')).toBe('CARS01')
    expect(sameTicker('#CARS01', 'cars01')).toBe(true)
    expect(sameTicker('#CARS01', 'CARS02')).toBe(false)
  })
  it('prefers the current trading price', () => {
    expect(displayPrice({ price_per_share: '12.50' })).toBe('12.50')
    expect(displayPrice({ price_per_share: '12.50', trading: tradingOf({ pricing: { pricePerUnit: { current: '14.00', session: {} } } }) })).toBe('14.00')
  })
})
