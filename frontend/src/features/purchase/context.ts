/** Typed reads of the purchase steps' context (docs/purchase.md "Steps"): the server sends JSON, steps get shapes. */
import { createContext, useContext } from 'react'

export interface PurchaseAsset {
  id: number
  ticker: string
  display_name: string
  category: string
  price_per_share: string
  portal_image: string | null
}

type Ctx = Record<string, unknown>

export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback
}

export function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  return Number.isFinite(n) ? n : fallback
}

export function flag(value: unknown): boolean {
  return value === true
}

export function purchaseAsset(value: unknown): PurchaseAsset | null {
  if (!value || typeof value !== 'object') return null
  const a = value as Ctx
  if (typeof a.id !== 'number' || typeof a.ticker !== 'string') return null
  return {
    id: a.id,
    ticker: a.ticker,
    display_name: text(a.display_name),
    category: text(a.category),
    price_per_share: text(a.price_per_share, '0'),
    portal_image: typeof a.portal_image === 'string' && a.portal_image ? a.portal_image : null,
  }
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** What the page was opened with: a gift code to offer at once, and the free-share program's automatic forward. */
export interface PurchaseOptions {
  /** open the gift-code popup by itself (after 1 s) on select-shares */
  offerGift: boolean
  /** a code to put in the popup */
  giftCode: string
  /** submit the intro by itself (the free-share popup's 'accept') */
  autoForward: boolean
}

export const NO_OPTIONS: PurchaseOptions = { offerGift: false, giftCode: '', autoForward: false }

export const PurchaseOptionsContext = createContext<PurchaseOptions>(NO_OPTIONS)

export function usePurchaseOptions(): PurchaseOptions {
  return useContext(PurchaseOptionsContext)
}
