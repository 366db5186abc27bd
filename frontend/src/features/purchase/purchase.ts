/**
 * The initial-offering purchase's pure rules (spec doc 2 §4 "Purchase", "Agreement", "E-signature result", §5 "Shares",
 * "Gift code", §8, §9; docs/purchase.md): the share counter, the cost, gift codes, the agreement's scroll gate,
 * the signing frame's messages, the messages the server answers with, and the buy button's checks.
 */
import { purchaseRules as server } from '../../domain/rules.gen'
import { sameAppOrigin } from '../../domain/signingCallback'
import { cleanText } from '../../domain/text'

// --- shares (doc 2 §5, §9)
// the server's rules and messages (domain/purchase.py, generated into rules.gen.ts); the rest here is the browser's own
export const { DEFAULT_SHARES, MIN_SHARES, MAXIMUM_REACHED, NOT_ENOUGH_SHARES, AGREEMENT_REQUIRED, TERMS_REQUIRED, TOS3_REQUIRED, SIGNATURE_FAILED } = server
/** the counter's auto-repeat while a − / + button is held */
export const REPEAT_DELAY_MS = 500
export const REPEAT_SPEED_MS = 50

export const SHARES_REQUIRED = server.SHARES_MIN

export function sharesAboveMaximum(max: number): string {
  return server.TOO_MANY.replace('{n}', String(max))
}

export function sharesLeft(n: number): string {
  return server.ONLY_LEFT.replace('{n}', String(n))
}

/** A share count kept between 1 and `max` (a whole number); 0 when nothing may be bought (max below 1). */
export function clampShares(value: number, max: number): number {
  const top = Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0
  if (top < MIN_SHARES) return 0
  const n = Number.isFinite(value) ? Math.floor(value) : MIN_SHARES
  return Math.min(top, Math.max(MIN_SHARES, n))
}

/** The counter's first value: the saved choice, else the default 5, within the limits. */
export function initialShares(saved: unknown, max: number): number {
  const n = typeof saved === 'number' ? saved : typeof saved === 'string' && /^\d+$/.test(saved) ? Number(saved) : DEFAULT_SHARES
  return clampShares(n, max)
}

/** What the number input keeps of what is typed: its digits (at most 7), '' when there are none. */
export function sharesInput(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 7)
}

/** The server's rule for the shares field (select-shares' 422 messages); null when it is acceptable. */
export function sharesError(value: unknown, max: number, maximumReached: boolean): string | null {
  if (maximumReached) return MAXIMUM_REACHED
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN
  if (!Number.isInteger(n) || n < MIN_SHARES) return SHARES_REQUIRED
  if (n > max) return sharesAboveMaximum(max)
  return null
}

// --- money in cents (amounts are strings with two decimals)
export function toCents(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[$,\s]/g, '')) : NaN
  return Number.isFinite(n) ? Math.round(n * 100) : 0
}

export function fromCents(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** shares × price per share, rounded to the cent. */
export function subtotal(shares: number, pricePerShare: unknown): string {
  return fromCents(Math.round(Math.max(0, shares) * toCents(pricePerShare)))
}

/** shares × price per share (rounded to 2 decimals) minus the gift's value, never below 0. */
export function purchaseCost(shares: number, pricePerShare: unknown, giftValue: unknown = 0): string {
  return fromCents(Math.max(0, toCents(subtotal(shares, pricePerShare)) - toCents(giftValue)))
}

/** How much cash is missing for a cost ('0.00' when there is enough). */
export function shortfall(cash: unknown, cost: unknown): string {
  return fromCents(Math.max(0, toCents(cost) - toCents(cash)))
}

// --- gift codes (doc 2 §5 "Gift code")
export const GIFT_CODE_REQUIRED = server.GIFT_REQUIRED
export const GIFT_WITH_FREE_SHARE = server.GIFT_NOT_WITH_FREE_SHARE

export interface Gift {
  value: string
  redeemCode: string
  assetTicker?: string | null
}

/** Uppercased and trimmed (zero-width spaces removed), as the provider reads it. */
export function normaliseGiftCode(code: string): string {
  return cleanText(code).toUpperCase()
}

export function giftCodeError(code: string): string | null {
  return normaliseGiftCode(code) ? null : GIFT_CODE_REQUIRED
}

export function foreignGiftMessage(ticker: string): string {
  return server.FOREIGN_GIFT.replace('{ticker}', ticker)
}

const tickerKey = (ticker: string) => ticker.trim().replace(/^#/, '').toUpperCase()

/** A validated code that names another asset than the one being bought: its message; null when it fits. */
export function giftAssetError(gift: Pick<Gift, 'assetTicker'>, ticker: string): string | null {
  if (!gift.assetTicker) return null
  return tickerKey(gift.assetTicker) === tickerKey(ticker) ? null : foreignGiftMessage(gift.assetTicker)
}

/** The gift the flow saved (select-shares' context.gift), or null. */
export function giftFrom(value: unknown): Gift | null {
  if (!value || typeof value !== 'object') return null
  const g = value as Record<string, unknown>
  if (typeof g.redeemCode !== 'string' || !g.redeemCode) return null
  const amount = typeof g.value === 'number' || typeof g.value === 'string' ? fromCents(toCents(g.value)) : '0.00'
  return { value: amount, redeemCode: g.redeemCode, assetTicker: typeof g.assetTicker === 'string' ? g.assetTicker : null }
}

// --- the subscription agreement (doc 2 §4 "Agreement", §9: about 86 percent, the 1.16 factor)
export const AGREEMENT_FACTOR = 1.16
export const AGREEMENT_THRESHOLD = 0.86
export const SCROLL_TO_AGREE = server.AGREEMENT_NOT_READ

/** How far the document has been read: the bottom of the visible part over its whole height (0..1; 1 when it all fits). */
export function readRatio(scrollTop: number, clientHeight: number, scrollHeight: number): number {
  if (!(scrollHeight > 0) || scrollHeight <= clientHeight) return 1
  return Math.min(1, Math.max(0, (scrollTop + clientHeight) / scrollHeight))
}

/** The checkbox opens once the part read, times 1.16, reaches the end (about 86%), and never before the server's 0.86. */
export function canAgree(ratio: number): boolean {
  return ratio * AGREEMENT_FACTOR >= 1 && ratio >= AGREEMENT_THRESHOLD
}

// --- the other steps' server messages
export const NO_BANK = server.VERIFY_BANK
export const PROCESSING = 'Processing, it may take a few seconds'
export const PREPARING_SIGNATURE = 'Preparing e-signature'

// --- flow failures (docs/purchase.md)
export const PURCHASE_FAILED_TITLE = server.SIGNATURE_FAILED_TITLE
export const STATE_TITLE = server.STATE_TITLE
export const STATE_UNAVAILABLE = server.IO_NOT_AVAILABLE
export const { FUNDED_TITLE, FUNDED_MESSAGE } = server

// --- the signing frame (doc 2 §4 "E-signature result"; features/auth/SigningCallbackPage posts these)
export type SigningEvent = 'OK' | 'cancel' | 'decline' | 'error'
const SIGNING_EVENTS: readonly string[] = ['OK', 'cancel', 'decline', 'error']

/**
 * A window message as a signing event: only from this app's origin (the callback page inside the frame; see
 * sameAppOrigin) and, when the frame is known, from that frame; anything else is ignored (null).
 */
export function signingEvent(message: { data: unknown; origin: string; source?: unknown }, origin: string, frame?: unknown): SigningEvent | null {
  if (!sameAppOrigin(message.origin, origin)) return null
  if (frame !== undefined && frame !== null && message.source !== frame) return null
  return typeof message.data === 'string' && SIGNING_EVENTS.includes(message.data) ? (message.data as SigningEvent) : null
}

// --- the buy button (doc 2 §2.5, §5 "Funding and purchase", doc 1 §6)
export interface BuyFacts {
  progressBar: number | string | null | undefined
  emailVerified: boolean
  stateStatus?: { is_state_blocked?: boolean; io_enabled?: boolean } | null
}

export type BuyCheck = 'funded' | 'verify-email' | 'state' | 'invest'

/** What the buy button does: the funded popup at 100% or more, the verify-email popup, the state popup, else the flow. */
export function buyCheck(facts: BuyFacts): BuyCheck {
  const progress = Number(facts.progressBar)
  if (Number.isFinite(progress) && progress >= 100) return 'funded'
  if (!facts.emailVerified) return 'verify-email'
  if (facts.stateStatus && (facts.stateStatus.is_state_blocked === true || facts.stateStatus.io_enabled === false)) return 'state'
  return 'invest'
}

/** The purchase flow's address for an asset. */
export function makeInvestmentPath(assetId: number, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams({ asset: String(assetId), ...extra })
  return `/app/make-investment?${query.toString()}`
}

/** ?asset=12 → 12; anything else → null. */
export function assetIdParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value.trim())) return null
  const n = Number(value.trim())
  return n > 0 ? n : null
}
