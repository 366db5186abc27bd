/**
 * The special-access splash popup (spec doc 1 §4, doc 2 §4 "Special-access popup", §9): a counter per user and access
 * type kept in browser storage, 1 at first for free_share_program and early_io (3 for other types); it goes down when
 * the popup closes and the popup shows only while the counter is absent or above 0. For a free share, accepting opens
 * the purchase at asset_value / number_of_shares a share (2 decimals).
 */
import { EARLY_IO, FREE_SHARE_PROGRAM } from './access'

export const SPLASH_TYPES: readonly string[] = [EARLY_IO, FREE_SHARE_PROGRAM]

export function initialCount(accessType: string): number {
  return accessType === EARLY_IO || accessType === FREE_SHARE_PROGRAM ? 1 : 3
}

export function counterKey(userId: number, accessType: string): string {
  return `specialAccessPopup:${userId}:${accessType}`
}

/** The stored text as a counter; null when absent or unreadable. */
export function parseCounter(stored: string | null): number | null {
  if (stored === null || !/^-?\d+$/.test(stored.trim())) return null
  return Number(stored.trim())
}

export function shouldShow(counter: number | null): boolean {
  return counter === null || counter > 0
}

/** The counter after the popup closed: one less (from its initial value when absent), never below 0. */
export function afterClose(counter: number | null, accessType: string): number {
  return Math.max(0, (counter ?? initialCount(accessType)) - 1)
}

/** Back to 1 when it reached 0 (after a flow that should show the popup again); unchanged otherwise. */
export function restored(counter: number | null): number | null {
  return counter !== null && counter <= 0 ? 1 : counter
}

/** asset_value / number_of_shares with 2 decimals; null when either is missing. */
export function freeSharePrice(assetValue: unknown, numberOfShares: unknown): string | null {
  const value = Number(assetValue)
  const shares = Number(numberOfShares)
  if (!Number.isFinite(value) || !Number.isFinite(shares) || shares <= 0) return null
  return (Math.round((value / shares) * 100) / 100).toFixed(2)
}

export interface SplashCandidate {
  id: number
  accessType: string
}

/** The first asset whose access type has a splash that may still show (free shares first, as the catalogue orders them). */
export function splashFor(candidates: readonly SplashCandidate[], counterOf: (accessType: string) => number | null): SplashCandidate | null {
  const ranked = [...candidates].filter((c) => SPLASH_TYPES.includes(c.accessType)).sort((a, b) => rank(a.accessType) - rank(b.accessType))
  return ranked.find((c) => shouldShow(counterOf(c.accessType))) ?? null
}

const rank = (accessType: string) => (accessType === FREE_SHARE_PROGRAM ? 0 : 1)
