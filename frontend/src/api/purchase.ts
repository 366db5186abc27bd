/**
 * The purchase's REST calls (docs/make-investment.md "REST calls", spec doc 2 §7) that the generated schema does not
 * have yet: typed here by hand in openapi-typescript's shape and sent through the same client setup (JWT, app headers,
 * ETags, 401 → logout). When `npm run gen:api` brings them into schema.gen.ts, these can move to the generated client.
 */
import { call, send } from './call'
import { API_BASE_URL, createApiClient, etagCache, sessionPort } from './client'
import { errorFromResponse } from './errors'
import type { MerchOrder } from '../domain/merchandise'
import type { ErrorBody } from './types'

type Json<T> = { headers: { [name: string]: unknown }; content: { 'application/json': T } }
interface Answers<T> {
  200: Json<T>
  201: Json<T>
  400: Json<ErrorBody>
  404: Json<ErrorBody>
  422: Json<unknown>
}
interface NoParams {
  query?: never
  header?: never
  path?: never
  cookie?: never
}
interface Post<Body, Answer, P = NoParams> {
  parameters: P
  requestBody: { content: { 'application/json': Body } }
  responses: Answers<Answer>
}
interface Get<Answer, P = NoParams> {
  parameters: P
  requestBody?: never
  responses: Answers<Answer>
}

export interface PurchaseGift {
  value: string
  redeemCode: string
  assetTicker: string | null
}

export interface Investment {
  id: number
  asset_id: number
  ticker: string
  display_name: string
  category: string
  shares: number
  price_per_share: string
  amount: string
  gift_value: string | null
  created: string
  portal_image: string | null
}

export interface MerchOrderAnswer {
  id: number | string
  status: string
  total: string
}

interface PurchasePaths {
  '/api/flows/{kind}': { post: Post<Record<string, unknown>, unknown, Omit<NoParams, 'path'> & { path: { kind: string } }> }
  '/api/promocode/validate/': { post: Post<{ redeemCode: string; asset: number }, PurchaseGift> }
  '/api/merchandising/products/': { get: Get<{ items: unknown[] }, Omit<NoParams, 'query'> & { query: { id: number[] } }> }
  '/api/merchandising/orders/': { post: Post<MerchOrder, MerchOrderAnswer> }
  '/api/users/{user_id}/investments': { get: Get<{ items: unknown[] }, Omit<NoParams, 'path'> & { path: { user_id: number } }> }
}

const purchaseApi = createApiClient<PurchasePaths>({ baseUrl: API_BASE_URL, port: sessionPort, cache: etagCache })

/** POST /api/flows/{kind} with a start body (e.g. make-investment's {asset_id}). */
export const openFlowWith = (kind: string, body: Record<string, unknown>) =>
  send(purchaseApi.POST('/api/flows/{kind}', { params: { path: { kind } }, body }))

export type GiftAnswer = { ok: true; gift: PurchaseGift } | { ok: false; message: string }

const GIFT_FAILED = 'Sorry, something went wrong'

/** The provider's answer to a gift code: the gift, or its message (detail, else the first error). Network failures throw. */
export async function validateGiftCode(redeemCode: string, assetId: number): Promise<GiftAnswer> {
  const result = await send(purchaseApi.POST('/api/promocode/validate/', { body: { redeemCode, asset: assetId } }))
  if (result.response.ok) {
    const data = (result.data ?? {}) as Partial<PurchaseGift>
    const value = typeof data.value === 'number' || typeof data.value === 'string' ? String(data.value) : '0'
    return { ok: true, gift: { value, redeemCode: typeof data.redeemCode === 'string' && data.redeemCode ? data.redeemCode : redeemCode, assetTicker: data.assetTicker ?? null } }
  }
  if (result.response.status >= 500 || result.response.status === 401) throw errorFromResponse(result.response.status, result.error)
  const body = (result.error ?? {}) as ErrorBody & { errors?: unknown }
  const first = Array.isArray(body.errors) ? (body.errors[0] as { message?: unknown } | undefined)?.message : undefined
  const message = [body.detail, first, body.message].find((m): m is string => typeof m === 'string' && m !== '')
  return { ok: false, message: message ?? GIFT_FAILED }
}

/** The store's products with these ids (the inventory check). */
export async function getMerchProducts(ids: readonly number[]): Promise<unknown[]> {
  const data = await call<{ items?: unknown }>(purchaseApi.GET('/api/merchandising/products/', { params: { query: { id: [...ids] } } }))
  return Array.isArray(data.items) ? data.items : []
}

export const createMerchOrder = (body: MerchOrder) => call<MerchOrderAnswer>(purchaseApi.POST('/api/merchandising/orders/', { body }))

function investment(value: unknown): Investment | null {
  if (!value || typeof value !== 'object') return null
  const v = value as Record<string, unknown>
  const text = (x: unknown, fallback = '') => (typeof x === 'string' ? x : typeof x === 'number' ? String(x) : fallback)
  if (typeof v.id !== 'number') return null
  return {
    id: v.id,
    asset_id: Number(v.asset_id),
    ticker: text(v.ticker),
    display_name: text(v.display_name),
    category: text(v.category),
    shares: Number(v.shares) || 0,
    price_per_share: text(v.price_per_share, '0'),
    amount: text(v.amount, '0'),
    gift_value: v.gift_value === null || v.gift_value === undefined ? null : text(v.gift_value),
    created: text(v.created),
    portal_image: typeof v.portal_image === 'string' ? v.portal_image : null,
  }
}

/** GET /api/users/{id}/investments as the app's Investment items (unreadable entries are left out). */
export async function getUserInvestments(userId: number): Promise<Investment[]> {
  const data = await call<{ items?: unknown } | unknown[]>(purchaseApi.GET('/api/users/{user_id}/investments', { params: { path: { user_id: userId } } }))
  const list = Array.isArray(data) ? data : Array.isArray(data.items) ? data.items : []
  return list.map(investment).filter((i): i is Investment => i !== null)
}
