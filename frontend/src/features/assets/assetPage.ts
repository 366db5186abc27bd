/**
 * The asset page's rules (spec doc 3 §2.1, §5 "Display", §9): the six slides and how the index moves, the progress
 * bar's fill, days left, the price shift, the last-trade price, the chart's value change and ranges, the exited
 * line and the shares badge. Pure: the components import them.
 */
import type { AnalyticsName } from '../../api/analytics'
import type { Asset } from '../../api/types'
import { CLOSED_ICO, COMING_SOON, OPEN_ICO, progressPercent } from '../../domain/assetStatus'

export interface Slide {
  key: 'main' | 'graph' | 'quote' | 'description' | 'media' | 'timeline'
  label: string
  /** the view name tracked when the slide shows (one of the api's analytics names) */
  view: AnalyticsName
}

export const SLIDES: readonly Slide[] = [
  { key: 'main', label: 'Main', view: 'Asset Detail - Main' },
  { key: 'graph', label: 'Graph', view: 'Asset Detail - Value Chart' },
  { key: 'quote', label: 'Quote', view: 'Asset Detail - Quote' },
  { key: 'description', label: 'Description', view: 'Asset Detail - Story' },
  { key: 'media', label: 'Media', view: 'Asset Detail - Visuals' },
  { key: 'timeline', label: 'Timeline', view: 'Asset Detail - Timeline' },
]

export const LAST_SLIDE = SLIDES.length - 1
/** A swipe changes the slide from this velocity (px/ms) up. */
export const SWIPE_VELOCITY = 1.7
export const HELP_TEXT = 'Questions / Need help? Email us!'

/** The slide index only moves within 0 to 5. */
export function clampSlide(index: number): number {
  return Math.max(0, Math.min(LAST_SLIDE, Math.trunc(index)))
}

/** The step a vertical swipe makes: +1 (up, to the next slide), -1 (down) or 0 below the threshold. `velocity` is
 * the swipe's vertical speed in px/ms, negative upwards (as the pointer's y decreases). */
export function swipeStep(velocity: number): -1 | 0 | 1 {
  if (Math.abs(velocity) < SWIPE_VELOCITY) return 0
  return velocity < 0 ? 1 : -1
}

/** The step a key makes on the slides. */
export function keyStep(key: string): -1 | 0 | 1 {
  if (key === 'ArrowDown' || key === 'PageDown') return 1
  if (key === 'ArrowUp' || key === 'PageUp') return -1
  return 0
}

export const MIN_FILL = 8
export const WARNING_FROM = 75

/** The progress bar: a minimum fill of 8 % above 0, a warning colour at 75 % or more. */
export function progressFill(progress: number | string | null | undefined): { width: number; warning: boolean } {
  const p = progressPercent(progress)
  return { width: p > 0 ? Math.max(MIN_FILL, p) : 0, warning: p >= WARNING_FROM }
}

const DAY = 86_400_000

/** Days left in the offering: rounded, floored at 0, 0 for a closed offering. */
export function daysLeft(asset: Pick<Asset, 'asset_status' | 'offering_ends'>, now: Date): number {
  if (asset.asset_status === CLOSED_ICO || !asset.offering_ends) return 0
  const ends = new Date(asset.offering_ends).getTime()
  if (Number.isNaN(ends)) return 0
  return Math.max(0, Math.round((ends - now.getTime()) / DAY))
}

function num(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

/** The price minus the issue price, as a percent of the issue price; null without an issue price. */
export function priceShift(price: unknown, issue: unknown): number | null {
  const p = num(price)
  const i = num(issue)
  if (p === null || i === null || i === 0) return null
  return ((p - i) / i) * 100
}

/** '+12.00%', '-3.50%', '0.00%'. */
export function formatShift(shift: number): string {
  const rounded = Math.round(shift * 100) / 100
  return `${rounded > 0 ? '+' : ''}${rounded.toFixed(2)}%`
}

/** The last-trade price: the latest filled or current price in live trading, else the last close or the issue
 * price, else the asset value divided by the share count. */
export function lastTradePrice(asset: Pick<Asset, 'trading' | 'asset_value' | 'number_of_shares'>, live: boolean): number | null {
  const price = asset.trading?.pricing?.pricePerUnit
  const candidates = live ? [price?.session?.latestFilled, price?.current] : []
  for (const c of [...candidates, price?.session?.lastClose, price?.issue]) {
    const n = num(c)
    if (n !== null) return n
  }
  const value = num(asset.asset_value)
  return value !== null && asset.number_of_shares ? value / asset.number_of_shares : null
}

export type ChartRange = '1M' | '3M' | '6M' | '1Y' | 'ALL'
export const CHART_RANGES: readonly ChartRange[] = ['1M', '3M', '6M', '1Y', 'ALL']
const RANGE_MONTHS: Record<Exclude<ChartRange, 'ALL'>, number> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 }
export const SIMILAR_SALES = 'SIMILAR ASSET SALES'
export const TRADING_ON_VITRINE = 'TRADING ON VITRINE'
export const NOT_ADJUSTED = 'Prices are not adjusted for inflation.'

export interface ChartPoint {
  date: string
  value: number
}

/** The points of `range`, counted back from `now`. */
export function pointsInRange(points: readonly ChartPoint[], range: ChartRange, now: Date): ChartPoint[] {
  if (range === 'ALL') return [...points]
  const from = new Date(now)
  from.setUTCMonth(from.getUTCMonth() - RANGE_MONTHS[range])
  const cut = from.toISOString().slice(0, 10)
  return points.filter((p) => p.date.slice(0, 10) >= cut)
}

/** The chart's value change over its points: a percent rounded to one decimal, on a base of at least 1. */
export function valueChange(points: readonly ChartPoint[]): number {
  const first = points[0]?.value
  const last = points[points.length - 1]?.value
  if (points.length < 2 || first === undefined || last === undefined) return 0
  return Math.round(((last - first) / Math.max(1, first)) * 1000) / 10
}

/** 'EXITED / SOLD ON Nov 13, 2026'. */
export function exitedLine(exitedDate: string | null | undefined): string {
  if (!exitedDate) return 'EXITED'
  const d = new Date(exitedDate)
  if (Number.isNaN(d.getTime())) return 'EXITED'
  return `EXITED / SOLD ON ${d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })}`
}

/** The shares-owned badge: '1 share', '12 shares'; null when the investor holds none. */
export function sharesBadge(units: number): string | null {
  if (!(units > 0)) return null
  return `${units.toLocaleString('en-US')} ${units === 1 ? 'share' : 'shares'}`
}

/** The buy button shows for an open offering, and for a coming-soon one to an investor with early access (the
 * special-access link: early IO or a free share). */
export function buyShows(status: string, accessType: string | null | undefined): boolean {
  if (status === OPEN_ICO) return true
  return status === COMING_SOON && (accessType === 'early_io' || accessType === 'free_share_program')
}

/** The early-access banner: special-access mode on an asset the investor has early access to. */
export function earlyAccessBanner(special: boolean, accessType: string | null | undefined): boolean {
  return special && accessType === 'early_io'
}
