/**
 * The shapes the app works with, written from docs/api-contract.md.
 * Endpoint wrappers (endpoints.ts) convert the generated client's answers to these, so a regenerated
 * schema with different component names only touches endpoints.ts.
 */
export type AssetStatusName = 'Coming Soon' | 'Open ICO' | 'Closed ICO' | 'Trading' | 'Post Only' | 'Trading closed'
export type MarketStatus = 'OPEN' | 'CLOSED' | 'DISABLED'
export type AccessType = 'early_io' | 'free_share_program'

export interface ErrorBody {
  errors?: { message: string; field?: string }[]
  error_type?: string
  message?: string
  detail?: string
}

export interface TradingWindow {
  id: string | number
  status: 'OPEN' | 'CLOSED' | string
  remaining_value?: number | string | null
  opens_at?: string | null
  closes_at?: string | null
}

/** The latest window in CONFIRMATION or CLOSED (traded assets, from the ATS). */
export interface LastTradingWindow {
  id?: string
  status?: string
  closing_time?: string | null
  closing_price?: string | null
}

/** historyPricing of a traded asset: the issue price and the latest closes (the whole history: pricing/history). */
export interface HistoryPricing {
  financialInstrument?: { id?: string; issue?: { date?: string | null; pricePerUnit?: string | null } }
  dataPoints?: { date: string; pricePerUnit: { close: string | null } }[]
}

export interface Trading {
  current_trading_window: TradingWindow | null
  pricing?: {
    pricePerUnit?: {
      issue?: string | number | null
      current?: string | number | null
      session?: { lastClose?: string | number | null; latestFilled?: string | number | null }
    }
  }
  last_trading_window?: LastTradingWindow | null
  /** [] for assets that never traded; the ATS's history for traded ones */
  historyPricing?: unknown[] | HistoryPricing
  /** bidHigh / askLow from the ATS for traded assets; empty sides for the others */
  orderBook?: { bids?: unknown[]; asks?: unknown[]; bidHigh?: string | null; askLow?: string | null }
}

export interface FinancialInstrument {
  id: string | number
  markets?: {
    secondaryMarket?: {
      status: MarketStatus | string
      enabled?: boolean
      sessionsStart?: string | null
      sessionsFollowMarketHours?: boolean
    }
  }
  sessionHours?: { dateOpen?: string | null; dateClose?: string | null; nextDateOpen?: string | null; lastDateClose?: string | null }
  /** the ATS runs the repeating demo session (make dev): show "demo hours" */
  demoHours?: boolean
}

export interface Asset {
  id: number
  ticker: string
  display_name: string
  short_name?: string
  category: string
  order: number
  asset_status: AssetStatusName | string
  progress_bar: number
  asset_value?: string
  number_of_shares?: number
  price_per_share?: string
  shares_sold?: number
  shares_available?: number
  portal_image?: string | null
  home_image?: string | null
  tertiary_color?: string | null
  is_exited?: boolean
  exited_date?: string | null
  offering_starts?: string | null
  offering_ends?: string | null
  esign_template_id?: string | null
  description?: string
  modified?: string
  financialInstrument?: FinancialInstrument | null
  trading?: Trading | null
  merchandising?: { enabled: boolean; merchants: unknown[] }
}

/** An entry of the status change feed: a partial asset. */
export type AssetStatusUpdate = Pick<Asset, 'id'> &
  Partial<
    Pick<
      Asset,
      | 'asset_status'
      | 'progress_bar'
      | 'shares_sold'
      | 'shares_available'
      | 'is_exited'
      | 'modified'
      | 'trading'
      | 'financialInstrument'
    >
  >

export interface UpdateSchedule {
  next_update_timestamp: number
  update_seconds_interval: number
}

export interface Category {
  key: string
  pathname: string
  title: string
  color: string
}

export interface AccessGroup {
  asset_id: number
  access_type: AccessType | string
  access_end: string | null
  limitations?: { max_shares?: number }
}

export interface User {
  id: number
  email: string
  emails: { email: string; primary: boolean; verified: boolean }[]
  first_name?: string
  last_name?: string
  username?: string
  date_joined?: string
  state_status?: { is_state_blocked: boolean; io_enabled: boolean; trading_enabled: boolean }
  access_groups: AccessGroup[]
  customer: { id: string | number; status: string; accounts: { id: string | number }[] } | null
  notify_me: number[]
  notify_on_trading: number[]
}

export interface AuthAnswer {
  token: string
  user_id: number
  exchange_token?: string | null
  user?: User
}

export interface Balance {
  cash: string
  investments: string
  pending: string
  total: string
  pending_info: unknown[]
}

export interface HomeScreen {
  features?: { calendar?: { enabled: boolean } }
  assets: Asset[]
}
