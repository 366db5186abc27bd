/**
 * The shapes the app works with, all from the OpenAPI's models (components['schemas'], generated): a field the api
 * renames or retypes fails the compile wherever the app reads it. The catalogue's Asset keeps its identity and
 * status required and the rest optional, so the change feed's partial asset is one.
 * Endpoint wrappers (endpoints.ts) convert the generated client's answers to these, so a regenerated
 * schema with different component names only touches endpoints.ts.
 */
import type { components } from './schema.gen'

export type AssetStatusName = 'Coming Soon' | 'Open ICO' | 'Closed ICO' | 'Trading' | 'Post Only' | 'Trading closed'
export type MarketStatus = 'OPEN' | 'CLOSED' | 'DISABLED'
export type AccessType = 'early_io' | 'free_share_program'

type Schemas = components['schemas']

/** A trading window as the catalogue shows it (the current one, and the latest in CONFIRMATION or CLOSED). */
export type TradingWindow = Schemas['TradingWindowOut']
export type LastTradingWindow = Schemas['LastTradingWindowOut']
/** historyPricing of a traded asset: the issue price and the latest closes (the whole history: pricing/history). */
export type HistoryPricing = Schemas['HistoryPricingOut']
export type Trading = Schemas['TradingOut']
export type FinancialInstrument = Schemas['FinancialInstrumentOut']

type AssetOut = Schemas['AssetOut']
type AssetCore = 'id' | 'ticker' | 'display_name' | 'category' | 'order' | 'asset_status' | 'progress_bar'
/**
 * An asset as the catalogue answers it (api/catalogue/schemas.AssetOut): the identity and status always, the rest
 * optional, so the change feed's partial asset and a test's small one are assets too.
 */
export type Asset = Pick<AssetOut, AssetCore> & Partial<Omit<AssetOut, AssetCore>>

type AssetDetailOut = Schemas['AssetDetailOut']
/** An asset as its page reads it (GET /api/v2/assets/{id}/): the catalogue's fields and its page content. */
export type AssetPage = Asset & Omit<AssetDetailOut, keyof AssetOut>
export type AssetMedia = Schemas['MediaOut']
export type AssetDocument = Schemas['DocumentOut']

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

export type UpdateSchedule = components['schemas']['UpdateScheduleOut']
/** The market calendar and the investments calendar's buckets (asset ids in display order). */
export type TradingDates = components['schemas']['TradingDatesOut']

export type Category = components['schemas']['CategoryPublic']

/** An access group of the user's (early IO, free share); access_type is one of AccessType. */
export type AccessGroup = components['schemas']['AccessGroupView']

/** The user as GET /api/auth/user/ and /api/users/{id} answer it (api/schemas.UserView). */
export type User = components['schemas']['UserView']

/** What a sign-in (LoginOut) and a registration (RegisteredOut: with the user, without an exchange token) share. */
export type AuthAnswer = Pick<components['schemas']['LoginOut'], 'token' | 'user_id'> &
  Partial<Pick<components['schemas']['LoginOut'], 'exchange_token'>> &
  Partial<Pick<components['schemas']['RegisteredOut'], 'user'>>

export type Balance = components['schemas']['BalanceOut']

/** The home screen (api/catalogue/home_schemas.HomeScreenOut): its sections, features and the assets the sections name. */
export type HomeScreen = Schemas['HomeScreenOut']
export type HomeBanner = Schemas['BannerOut']
export type HomeHighlight = Schemas['HighlightOut']
export type HomeCarousel = Schemas['CarouselOut']
