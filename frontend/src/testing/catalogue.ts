/** Catalogue fixtures of the tests: a trading block with what a test leaves out as an asset that never traded has it;
 * a catalogue context (ready, the app's categories, the given assets). */
import type { Asset, Trading } from '../api/types'
import type { CatalogueApi } from '../features/assets/catalogue/catalogueContext'
import { CATEGORIES } from '../domain/categories'

export function tradingOf(partial: Partial<Trading> = {}): Trading {
  return { current_trading_window: null, pricing: { pricePerUnit: { session: {} } }, historyPricing: [], orderBook: { bids: [], asks: [] }, ...partial }
}

export function catalogueStub(assets: readonly Asset[] = [], over: Partial<CatalogueApi> = {}): CatalogueApi {
  return {
    categories: CATEGORIES,
    assets,
    status: 'ready',
    reload: async () => undefined,
    setActiveAssetId: () => undefined,
    accessTypeFor: () => null,
    dots: new Set(),
    markOpened: () => undefined,
    ...over,
  }
}
