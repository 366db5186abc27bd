/** The order wizard's addresses (a module of its own so the asset page links to the wizard without loading it). */
import type { Side } from './orderForm'

export const PLACE_BID = '/app/place-bid'
export const PLACE_ASK = '/app/place-ask'

/** The link that opens the wizard: a new bid or ask on an asset, or the edit of an order. */
export function placeOrderPath(side: Side, assetId: number, orderId?: string): string {
  const base = side === 'ASK' ? PLACE_ASK : PLACE_BID
  return `${base}?asset=${assetId}${orderId ? `&order=${orderId}` : ''}`
}
