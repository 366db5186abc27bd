/**
 * The asset page's trading state (spec doc 3 §2.1, §4.1): live trading, post-only or closed; which of buy and sell
 * show and whether they are enabled; the 'Trading Window Now open!' banner and its countdown; the default order type.
 */
import type { Asset } from '../../api/types'
import { POST_ONLY, TRADING, TRADING_CLOSED } from '../../domain/assetStatus'

export type MarketMode = 'live' | 'post-only' | 'closed' | 'none'

type MarketInput = Pick<Asset, 'asset_status' | 'financialInstrument' | 'trading'>

function enabledDelay(asset: MarketInput): number {
  const n = Number(asset.trading?.current_trading_window?.remaining_value ?? 0)
  return Number.isFinite(n) ? n : 0
}

/** §4.1: live = Trading with the market open; post-only = Post Only with no delay left, or Trading not open; closed otherwise. */
export function marketMode(asset: MarketInput): MarketMode {
  const market = String(asset.financialInstrument?.markets?.secondaryMarket?.status ?? '').toUpperCase()
  const status = asset.asset_status
  if (status === TRADING_CLOSED) return 'closed'
  if (status !== TRADING && status !== POST_ONLY) return 'none'
  if (market === 'DISABLED') return 'closed'
  if (enabledDelay(asset) > 0) return 'closed'
  if (status === TRADING && market === 'OPEN') return 'live'
  return 'post-only'
}

export interface TradeButtons {
  /** buy and sell show (live or post-only) */
  show: boolean
  buyDisabled: boolean
  sellDisabled: boolean
  /** the notify-me toggle shows instead (closed for trading) */
  notify: boolean
}

export function tradeButtons(mode: MarketMode, facts: { busy: boolean; unitsOwned: number }): TradeButtons {
  const show = mode === 'live' || mode === 'post-only'
  return {
    show,
    buyDisabled: !show || facts.busy,
    sellDisabled: !show || facts.busy || !(facts.unitsOwned > 0),
    notify: mode === 'closed',
  }
}

/** The session's close, when the 'Trading Window Now open!' banner shows (Trading status, market open). */
export function sessionCloseAt(asset: MarketInput): Date | null {
  if (marketMode(asset) !== 'live') return null
  const raw = asset.financialInstrument?.sessionHours?.dateClose ?? asset.trading?.current_trading_window?.closes_at
  if (!raw) return null
  const at = new Date(raw)
  return Number.isNaN(at.getTime()) ? null : at
}

/** Before opening the bid or ask page: has the session's close passed (then only refresh)? */
export function sessionClosed(asset: MarketInput, now: Date): boolean {
  const close = sessionCloseAt(asset)
  return marketMode(asset) === 'live' && close !== null && close.getTime() <= now.getTime()
}

/** The countdown text: H:MM:SS (or M:SS under an hour); 0:00 once past. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = total % 60
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/** §4.1: instant when live, a bid, and the user has orders data; limit otherwise, and always without a lowest ask. */
export function defaultOrderType(mode: MarketMode, side: 'BID' | 'ASK', hasOrders: boolean, lowestAsk: string | null | undefined): 'INSTANT' | 'LIMIT' {
  if (!lowestAsk) return 'LIMIT'
  return mode === 'live' && side === 'BID' && hasOrders ? 'INSTANT' : 'LIMIT'
}

export const INSTANT_UNAVAILABLE = 'Instant Buy Currently Unavailable'

/** The educational post-only alert: once per asset per browser session. */
export function postOnlyAlertSeen(storage: Pick<Storage, 'getItem' | 'setItem'>, assetId: number): boolean {
  const key = `vitrine.postOnlyAlert.${assetId}`
  if (storage.getItem(key)) return true
  storage.setItem(key, '1')
  return false
}

/** The trading disclosure: accepted once per trading window id (local storage). */
export const disclosureKey = (windowId: string | number): string => `vitrine.tradingDisclosure.${windowId}`
export function disclosureAccepted(storage: Pick<Storage, 'getItem'>, windowId: string | number | null | undefined): boolean {
  return windowId === null || windowId === undefined ? false : storage.getItem(disclosureKey(windowId)) === '1'
}
export function acceptDisclosure(storage: Pick<Storage, 'setItem'>, windowId: string | number | null | undefined): void {
  if (windowId !== null && windowId !== undefined) storage.setItem(disclosureKey(windowId), '1')
}
