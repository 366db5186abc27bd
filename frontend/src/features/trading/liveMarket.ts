/**
 * The asset page's market as the trading stream tells it (GET /api/trading/events: `window` and `pricing` events of
 * the instrument), laid over the catalogue's copy, which follows the ATS only at its 15 s refresh: the 'Trading
 * Window Now open!' banner, its countdown, Buy and Sell and the price move with the window's transitions. While the
 * stream is down nothing is laid over (the catalogue's polling carries the state); a reconnected stream starts afresh.
 */
import type { TradingWindowInfo } from '../../api/trading'
import type { Asset, Trading } from '../../api/types'
import { POST_ONLY, TRADING } from '../../domain/assetStatus'
import { marketMode } from './marketState'

export type Pricing = Trading['pricing']

export interface LiveMarket {
  /** the stream is up: what it told counts */
  live: boolean
  /** the instrument's windows the stream told of, each at the furthest status heard (events may come reordered) */
  windows: Record<string, TradingWindowInfo>
  pricing: Pricing | null
}

export const NO_MARKET: LiveMarket = { live: false, windows: {}, pricing: null }

const ORDER = ['SCHEDULED', 'OPEN', 'CONFIRMATION', 'CLOSED']
const rank = (status: string): number => ORDER.indexOf(status.toUpperCase())

/** The asset's instrument at the ATS (the catalogue's financialInstrument.id), or null for an asset never traded. */
export const instrumentIdOf = (asset: Pick<Asset, 'financialInstrument'> | null | undefined): string | null =>
  asset?.financialInstrument?.id ? String(asset.financialInstrument.id) : null

/** The instrument id as the ATS names it (the asset's ticker without '#'). */
export const sameInstrument = (a: string | null | undefined, b: string | null | undefined): boolean =>
  Boolean(a) && Boolean(b) && String(a).replace(/^#/, '') === String(b).replace(/^#/, '')

/** A window event heard: kept unless the stream already told of a later status of that window. */
export function withWindow(market: LiveMarket, window: TradingWindowInfo): LiveMarket {
  const known = market.windows[window.id]
  if (known && rank(known.status) > rank(window.status)) return market
  return { ...market, windows: { ...market.windows, [window.id]: window } }
}

/** A window event's body, or null when it is not one (the stream is read defensively). */
export function windowOf(body: unknown): TradingWindowInfo | null {
  if (!body || typeof body !== 'object') return null
  const w = body as Partial<TradingWindowInfo>
  return typeof w.id === 'string' && typeof w.status === 'string' && typeof w.instrument_id === 'string' ? (w as TradingWindowInfo) : null
}

/** A pricing event's body, or null when it is not one. */
export function pricingOf(body: unknown): Pricing | null {
  const p = body && typeof body === 'object' ? (body as Partial<Pricing>).pricePerUnit : undefined
  return p && typeof p === 'object' ? { pricePerUnit: { ...p, session: p.session ?? {} } } : null
}

/**
 * The catalogue's asset with the stream's market laid over it: an OPEN window makes it Trading with the market open
 * and the window's close as the session's; a SCHEDULED window (or only windows past their close) makes it Post
 * Only; the latest pricing replaces the catalogue's. An asset the catalogue says is closed for trading (or never
 * traded) keeps its status.
 */
export function liveAsset(asset: Asset, market: LiveMarket): Asset {
  if (!market.live) return asset
  const windows = Object.values(market.windows)
  const trading = asset.trading
  const priced = market.pricing && trading ? { ...asset, trading: { ...trading, pricing: market.pricing } } : asset
  const mode = marketMode(asset)
  if (windows.length === 0 || (mode !== 'live' && mode !== 'post-only') || !asset.financialInstrument || !trading) return priced
  const open = windows.find((w) => w.status.toUpperCase() === 'OPEN')
  const scheduled = windows.find((w) => w.status.toUpperCase() === 'SCHEDULED')
  const current = open ?? scheduled
  // the catalogue's window, unless the stream heard it close (orders rest for the next one, not yet heard of)
  const kept = trading.current_trading_window && !market.windows[trading.current_trading_window.id] ? trading.current_trading_window : null
  const instrument = asset.financialInstrument
  return {
    ...priced,
    asset_status: open ? TRADING : POST_ONLY,
    financialInstrument: {
      ...instrument,
      markets: { ...instrument.markets, secondaryMarket: { ...instrument.markets.secondaryMarket, status: open ? 'OPEN' : 'CLOSED' } },
      sessionHours: { ...instrument.sessionHours, dateClose: open ? open.closes_at : instrument.sessionHours?.dateClose },
    },
    trading: {
      ...(priced.trading ?? trading),
      current_trading_window: current
        ? { id: current.id, status: current.status, opens_at: current.opens_at, closes_at: current.closes_at, remaining_value: 0 }
        : kept,
    },
  }
}
