/** Catalogue fixtures of the tests: a trading block with what a test leaves out as an asset that never traded has it. */
import type { Trading } from '../api/types'

export function tradingOf(partial: Partial<Trading> = {}): Trading {
  return { current_trading_window: null, pricing: { pricePerUnit: { session: {} } }, historyPricing: [], orderBook: { bids: [], asks: [] }, ...partial }
}
