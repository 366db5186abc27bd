/**
 * The purchase's REST calls (docs/purchase.md "REST calls", spec doc 2 §7) over the generated client, shaped
 * into the app's types: the flow start with a body, the gift code check, the store's products and orders, and the
 * user's investments.
 */
import { answered, call, send } from './call'
import { api } from './client'
import { errorFromResponse, readError } from './errors'
import type { MerchOrder } from '../domain/merchandise'
import type { components } from './schema.gen'

/** A gift code the provider accepted (GiftOut, its value always there). */
export type PurchaseGift = Omit<components['schemas']['GiftOut'], 'value'> & { value: string }

/** An investment as GET /api/users/{id}/investments and the purchase's confirmation answer it (api/purchase/schemas). */
export type Investment = components['schemas']['InvestmentOut']
export type Investments = components['schemas']['InvestmentsOut']
export type Holding = components['schemas']['HoldingOut']
export type GainLoss = components['schemas']['GainLossOut']

/** A store product (the inventory check's answer). */
export type StoreProduct = components['schemas']['ProductOut']


export type GiftAnswer = { ok: true; gift: PurchaseGift } | { ok: false; message: string }

const GIFT_FAILED = 'Sorry, something went wrong'

/** The provider's answer to a gift code: the gift, or its message (the first error). Network failures throw. */
export async function validateGiftCode(redeemCode: string, assetId: number): Promise<GiftAnswer> {
  const result = await send(api.POST('/api/promocode/validate/', { body: { redeemCode, asset: assetId } }))
  if (answered(result)) {
    const { data } = result
    return { ok: true, gift: { value: data.value ?? '0', redeemCode: data.redeemCode || redeemCode, assetTicker: data.assetTicker } }
  }
  if (result.response.status >= 500 || result.response.status === 401) throw errorFromResponse(result.response.status, result.error)
  return { ok: false, message: readError(result.error).message ?? GIFT_FAILED }
}

/** The store's products with these ids (the inventory check). */
export async function getMerchProducts(ids: readonly number[]): Promise<StoreProduct[]> {
  const data = await call(api.GET('/api/merchandising/products/', { params: { query: { id: [...ids] } } }))
  return data.items
}

export const createMerchOrder = (body: MerchOrder) => call(api.POST('/api/merchandising/orders/', { body }))

/** GET /api/users/{id}/investments: the offering purchases (newest first), the holdings per financial instrument
 * (newest activity first) and the exited investments. */
export const getUserInvestments = (userId: number) =>
  call(api.GET('/api/users/{user_id}/investments', { params: { path: { user_id: userId } } }))

/** GET /api/users/{id}/investments/performance/gain-loss: the all-time gain/loss. */
export const getGainLoss = (userId: number) =>
  call(api.GET('/api/users/{user_id}/investments/performance/gain-loss', { params: { path: { user_id: userId } } }))
