/** Asset statuses and their status lines (spec doc 1 §4 "Asset statuses"). */
import type { AccessType, Asset } from '../api/types'

export const COMING_SOON = 'Coming Soon'
export const OPEN_ICO = 'Open ICO'
export const CLOSED_ICO = 'Closed ICO'
export const TRADING = 'Trading'
export const POST_ONLY = 'Post Only'
export const TRADING_CLOSED = 'Trading closed'

export const SOLD_OUT = 'initial offering complete | sold out'

/** default: neutral; positive: live/open; finishing: red, offering almost sold; muted: closed or over; early: early access. */
export type StatusTone = 'default' | 'positive' | 'finishing' | 'muted' | 'early'

export interface StatusLine {
  text: string
  tone: StatusTone
  /** the funded percent for an open offering, to draw a bar */
  progress?: number
  /** a second, smaller line (post-only state) */
  detail?: string
}

type StatusInput = Pick<Asset, 'asset_status' | 'progress_bar' | 'is_exited' | 'trading' | 'financialInstrument'>

/** Percent funded as an integer between 0 and 100. */
export function progressPercent(progress: number | string | null | undefined): number {
  const n = Math.floor(Number(progress))
  if (!Number.isFinite(n) || n < 0) return 0
  return Math.min(100, n)
}

export function openOfferingLine(progress: number | string | null | undefined): StatusLine {
  const p = progressPercent(progress)
  if (p >= 100) return { text: SOLD_OUT, tone: 'muted', progress: 100 }
  if (p > 50) return { text: `${100 - p}% remaining`, tone: p > 75 ? 'finishing' : 'default', progress: p }
  return { text: `${p}% funded`, tone: 'default', progress: p }
}

function remainingValue(asset: StatusInput): number {
  const raw = asset.trading?.current_trading_window?.remaining_value
  const n = Number(raw ?? 0)
  return Number.isFinite(n) ? n : 0
}

export function statusLine(asset: StatusInput, accessType?: AccessType | string | null): StatusLine {
  if (asset.is_exited) return { text: 'exited', tone: 'muted' }
  const market = asset.financialInstrument?.markets?.secondaryMarket?.status
  const window = asset.trading?.current_trading_window
  switch (asset.asset_status) {
    case COMING_SOON:
      return accessType === 'early_io'
        ? { text: 'early access', tone: 'early' }
        : { text: 'preview coming soon', tone: 'default' }
    case OPEN_ICO:
      return openOfferingLine(asset.progress_bar)
    case CLOSED_ICO:
      return { text: 'closed offering', tone: 'muted' }
    case TRADING:
      if (market === 'DISABLED') return { text: 'trading closed', tone: 'muted' }
      if (window && window.status !== 'OPEN') return { text: 'in review', tone: 'default' }
      if (market === 'OPEN') return { text: 'now trading', tone: 'positive' }
      return { text: 'trading closed', tone: 'muted' }
    case POST_ONLY:
      return remainingValue(asset) <= 0
        ? { text: 'Accepting orders', tone: 'positive', detail: 'open for post-only orders' }
        : { text: 'Accepting orders', tone: 'muted', detail: 'trading closed' }
    case TRADING_CLOSED:
      return { text: 'trading closed', tone: 'muted' }
    default:
      return { text: String(asset.asset_status ?? '').toLowerCase(), tone: 'default' }
  }
}

/** Exited assets cannot be opened or selected. */
export function canOpen(asset: Pick<Asset, 'is_exited'>): boolean {
  return !asset.is_exited
}

/** Which notification the asset offers: notify me (coming soon) or notify on trading (closed offering / trading closed). */
export function notifyKind(asset: Pick<Asset, 'asset_status' | 'is_exited'>): 'notify_me' | 'notify_on_trading' | null {
  if (asset.is_exited) return null
  if (asset.asset_status === COMING_SOON) return 'notify_me'
  if (asset.asset_status === CLOSED_ICO || asset.asset_status === TRADING_CLOSED) return 'notify_on_trading'
  return null
}

/** The price per share shown for an asset: the current trading price when there is one, else the offering price. */
export function displayPrice(asset: Pick<Asset, 'price_per_share' | 'trading'>): string | number | null {
  const current = asset.trading?.pricing?.pricePerUnit?.current
  if (current !== null && current !== undefined && current !== '') return current
  return asset.price_per_share ?? null
}

/** The ticker as used in URLs: without '#'. */
export function tickerSlug(ticker: string): string {
  return ticker.replace(/#/g, '')
}

export function sameTicker(ticker: string, slug: string): boolean {
  return tickerSlug(ticker).toLowerCase() === tickerSlug(slug).toLowerCase()
}
