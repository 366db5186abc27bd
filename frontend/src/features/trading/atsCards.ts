/**
 * The introduction to instant trading (/app/ats, spec doc 2 §2.6; doc 1 "App start-up" and "Educational cards"):
 * which cards show. Flag atsCards: 1 = all three, 2 = only post-only, anything else none. The home screen's start-up
 * check opens them by itself at most 4 times per user, at least 24 hours apart (local storage key
 * atsEducationalCards); the home screen's link, the menu's item and the route typed show them whenever the flag
 * gives cards (each showing counts).
 */
import { useQuery } from '@tanstack/react-query'
import { homeScreenQuery } from '../../api/queries'

export type AtsCard = 'live-trading' | 'instant-buy' | 'post-only'

export const CARDS_KEY = 'atsEducationalCards'
export const MAX_SHOWS = 4
export const MIN_GAP_MS = 24 * 3600 * 1000
export const ATS_PATH = '/app/ats'

/** The navigation state of /app/ats. */
export interface AtsState {
  /** where 'Explore' (or no card) goes */
  from?: string
}

/** The home screen's features.atsCards: the flag's value, 0 when the home screen cannot be read, null while loading. */
export function useAtsCardsFlag(enabled = true): number | null {
  const home = useQuery({ ...homeScreenQuery(), retry: false, enabled })
  return home.data ? home.data.features.atsCards : home.isError ? 0 : null
}

export function cardsForFlag(flag: unknown): AtsCard[] {
  const n = Number(flag)
  if (n === 1) return ['live-trading', 'instant-buy', 'post-only']
  if (n === 2) return ['post-only']
  return []
}

type Shown = Record<string, number[]>

function shownOf(storage: Pick<Storage, 'getItem'>): Shown {
  try {
    const raw: unknown = JSON.parse(storage.getItem(CARDS_KEY) ?? '{}')
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Shown) : {}
  } catch {
    return {}
  }
}

/** The start-up check: the cards to open by themselves now for this user, or [] (not due, or none for the flag). */
export function cardsDue(flag: unknown, userId: number, storage: Pick<Storage, 'getItem'>, now: number): AtsCard[] {
  const cards = cardsForFlag(flag)
  if (cards.length === 0) return []
  const times = shownOf(storage)[String(userId)] ?? []
  if (times.length >= MAX_SHOWS) return []
  const last = Math.max(0, ...times)
  return last > 0 && now - last < MIN_GAP_MS ? [] : cards
}

export function recordShown(storage: Pick<Storage, 'getItem' | 'setItem'>, userId: number, now: number): void {
  const shown = shownOf(storage)
  shown[String(userId)] = [...(shown[String(userId)] ?? []), now]
  storage.setItem(CARDS_KEY, JSON.stringify(shown))
}

export const CARD_TEXT: Record<AtsCard, { title: string; body: string }> = {
  'live-trading': {
    title: 'TRADING NOW',
    body: 'Live trading runs on weekdays 10:30 AM to 4:30 PM ET. While an asset shows TRADING NOW, bids and asks match as they arrive.',
  },
  'instant-buy': {
    title: 'Instant Buy',
    body: 'Instant Buy gets you 1 share at the lowest ask in one tap, or set your own price with a custom limit order.',
  },
  'post-only': {
    title: 'ACCEPTING ORDERS',
    body: 'Orders may be placed around the clock. Outside market hours they are accepted as post-only and match when the market opens.',
  },
}
