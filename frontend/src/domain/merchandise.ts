/**
 * The merchandise upsell after a purchase (spec doc 2 §3 "Merchandise order", §4 "Merchandise upsell", §8, §9): the
 * asset's options and the store's products read the same way whatever their shape, the inventory check, the order's
 * {cart, order} body and the modal's states (idle, submitting, done — closing after 3 s —, failure).
 */
export const MERCH_DONE_CLOSE_MS = 3_000
export const MERCH_FAILURE_TITLE = 'Unable to complete purchase'

export function merchFailureMessage(supportEmail: string): string {
  return `Your purchase from the store could not be completed. Please contact ${supportEmail} for assistance.`
}

export interface MerchProduct {
  id: number
  merchantId: number | string | null
  name: string
  /** '25.00' */
  price: string
  image: string | null
  /** the primary variant (or the first), null when the product has none */
  variantId: number | string | null
  variantName: string | null
  inStock: boolean
}

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const idOf = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN
  return Number.isInteger(n) ? n : null
}

/** The product ids the asset offers (merchandising.merchants[].products, as ids or objects), each with its merchant. */
export function offeredProducts(merchandising: unknown): { id: number; merchantId: number | string | null }[] {
  if (!isObj(merchandising) || merchandising.enabled === false || !Array.isArray(merchandising.merchants)) return []
  const out: { id: number; merchantId: number | string | null }[] = []
  for (const merchant of merchandising.merchants) {
    if (!isObj(merchant) || !Array.isArray(merchant.products)) continue
    const merchantId = typeof merchant.id === 'number' || typeof merchant.id === 'string' ? merchant.id : null
    for (const p of merchant.products) {
      const id = idOf(isObj(p) ? p.id : p)
      if (id !== null && !out.some((o) => o.id === id)) out.push({ id, merchantId })
    }
  }
  return out
}

function money(value: unknown): string {
  const raw = isObj(value) ? value.default : value
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN
  return Number.isFinite(n) ? n.toFixed(2) : ''
}

function image(p: Obj): string | null {
  if (typeof p.image === 'string' && p.image) return p.image
  const first: unknown = Array.isArray(p.images) ? p.images[0] : null
  if (typeof first === 'string') return first
  if (isObj(first)) {
    const url = first.url ?? first.src
    return typeof url === 'string' ? url : null
  }
  return null
}

function stock(p: Obj): boolean {
  const inv = p.inventory
  if (typeof inv === 'number') return inv > 0
  if (isObj(inv)) {
    if (inv.enabled === false) return true // inventory not tracked: always available
    const total = Number(inv.total)
    return Number.isFinite(total) && total > 0
  }
  return false
}

/** A store product in the app's shape (flat {id, name, price, inventory, image} or the richer one with variants). */
export function readProduct(value: unknown, merchantId: number | string | null): MerchProduct | null {
  if (!isObj(value)) return null
  const id = idOf(value.id)
  if (id === null) return null
  const variants = Array.isArray(value.variants) ? value.variants.filter(isObj) : []
  const variant = variants.find((v) => v.isPrimary === true) ?? variants[0] ?? null
  const variantId = variant && (typeof variant.id === 'number' || typeof variant.id === 'string') ? variant.id : null
  const variantName = variant ? [variant.name, variant.title].find((t): t is string => typeof t === 'string' && t !== '') ?? null : null
  return {
    id,
    merchantId,
    name: typeof value.name === 'string' ? value.name : typeof value.title === 'string' ? value.title : `Product ${id}`,
    price: money(value.price),
    image: image(value),
    variantId,
    variantName,
    inStock: stock(value),
  }
}

/** The offered products the store has in stock, in the asset's order. */
export function availableProducts(offered: readonly { id: number; merchantId: number | string | null }[], storeItems: readonly unknown[]): MerchProduct[] {
  const out: MerchProduct[] = []
  for (const o of offered) {
    const raw = storeItems.find((item) => isObj(item) && idOf(item.id) === o.id)
    const product = readProduct(raw, o.merchantId)
    if (product && product.inStock && product.price) out.push(product)
  }
  return out
}

export interface MerchOrder {
  cart: { merchant: number | string | null; product: { id: number; quantity: number; variantId: string | null } }[]
  order: {
    context: { action: { type: 'investment' }; subject: { type: 'asset'; descriptors: { id: number } } }
    payment: { method: { type: 'account'; descriptors: { id: number | string } } }
    type: 'cross-sell'
  }
}

/** The order body of doc 2 §3: one product, paid from the Vitrine account, tied to the investment in the asset. */
export function merchOrder(product: MerchProduct, assetId: number, accountId: number | string): MerchOrder {
  return {
    // the store's variant ids are text
    cart: [{ merchant: product.merchantId, product: { id: product.id, quantity: 1, variantId: product.variantId === null ? null : String(product.variantId) } }],
    order: {
      context: { action: { type: 'investment' }, subject: { type: 'asset', descriptors: { id: assetId } } },
      payment: { method: { type: 'account', descriptors: { id: accountId } } },
      type: 'cross-sell',
    },
  }
}

export type MerchState = 'idle' | 'submitting' | 'done' | 'failure' | 'closed'
export type MerchEvent = 'buy' | 'succeeded' | 'failed' | 'close'

/** The upsell modal's states: a buy submits once; done closes by itself (after 3 s), failure shows the error modal. */
export function merchReducer(state: MerchState, event: MerchEvent): MerchState {
  switch (event) {
    case 'buy':
      return state === 'idle' ? 'submitting' : state
    case 'succeeded':
      return state === 'submitting' ? 'done' : state
    case 'failed':
      return state === 'submitting' ? 'failure' : state
    case 'close':
      return state === 'submitting' ? state : 'closed'
  }
}

/** A store price in USD (spec doc 2 §9): '$25' for 25.00 unless the zeros are kept, '$45.50' otherwise. */
export function formatUsd(value: string | number, keepZeros = false): string {
  const n = typeof value === 'number' ? value : Number(value)
  if (!Number.isFinite(n)) return ''
  const text = (Math.round(n * 100) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return `$${keepZeros ? text : text.replace(/\.00$/, '')}`
}
