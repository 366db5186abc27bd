/**
 * The asset card and its carousel (spec doc 3 §2.1 "Asset card", §2.4): the card's call to action, which cards the
 * carousel shows and how (the centre card whole, its neighbours at scale 0.8 and opacity 0.4, nothing further), the
 * images preloaded around the centre, the arrows, and the mobile list's stagger. Pure: the components import them.
 */
import type { Asset } from '../../api/types'
import { buyShows } from './assetPage'
import { OPEN_ICO, progressPercent } from '../../domain/assetStatus'

/** The asset's image: the home screen's or the portal's, whichever it has when the other is missing. */
export function assetImageSrc(asset: Pick<Asset, 'home_image' | 'portal_image'>, variant: 'portal' | 'home'): string | null {
  return (variant === 'home' ? asset.home_image : asset.portal_image) ?? asset.portal_image ?? asset.home_image ?? null
}

export const EXPLORE = 'EXPLORE'
export const EXPLORE_AND_INVEST = 'EXPLORE & INVEST'

/** 'EXPLORE & INVEST' when the investor can put money in from the asset's page now — an offering open and not yet
 * funded (or coming soon to an investor with early access), or a market taking orders (live or post-only);
 * 'EXPLORE' otherwise (coming soon, a closed or funded offering, trading closed, exited). */
export function cardAction(
  asset: Pick<Asset, 'asset_status' | 'progress_bar' | 'is_exited'>,
  accessType: string | null | undefined,
  marketTakesOrders: boolean,
): typeof EXPLORE | typeof EXPLORE_AND_INVEST {
  if (asset.is_exited) return EXPLORE
  if (marketTakesOrders) return EXPLORE_AND_INVEST
  const funded = asset.asset_status === OPEN_ICO && progressPercent(asset.progress_bar) >= 100
  return buyShows(asset.asset_status, accessType) && !funded ? EXPLORE_AND_INVEST : EXPLORE
}

export const NEIGHBOUR_SCALE = 0.8
export const NEIGHBOUR_OPACITY = 0.4
/** Only cards within this distance of the centre show. */
export const SHOWN_WITHIN = 1
/** Images are preloaded for the centre card and this many neighbours on each side. */
export const PRELOAD_REACH = 2
/** On mobile each list item animates in this many seconds after the one before it. */
export const STAGGER_SECONDS = 0.05

export interface CardLook {
  shown: boolean
  scale: number
  opacity: number
}

/** How the card `offset` places from the centre looks: whole at the centre, scaled down and faded beside it, hidden
 * further away. */
export function cardLook(offset: number): CardLook {
  if (offset === 0) return { shown: true, scale: 1, opacity: 1 }
  return { shown: Math.abs(offset) <= SHOWN_WITHIN, scale: NEIGHBOUR_SCALE, opacity: NEIGHBOUR_OPACITY }
}

/** The indices whose images load ahead: the centre and two on each side, within the list. */
export function preloadIndices(count: number, centre: number): number[] {
  const out: number[] = []
  for (let i = Math.max(0, centre - PRELOAD_REACH); i <= Math.min(count - 1, centre + PRELOAD_REACH); i += 1) out.push(i)
  return out
}

/** The carousel's centre after a step, kept within the list. */
export function stepCentre(count: number, centre: number, step: number): number {
  return Math.max(0, Math.min(count - 1, centre + step))
}

/** The arrows show when there is more than one asset. */
export function showsArrows(count: number): boolean {
  return count > 1
}

/** The step a key makes in the carousel. */
export function carouselKeyStep(key: string): -1 | 0 | 1 {
  if (key === 'ArrowRight') return 1
  if (key === 'ArrowLeft') return -1
  return 0
}

/** A horizontal swipe of at least this many pixels moves the carousel. */
export const SWIPE_DISTANCE_PX = 40

/** The step a horizontal swipe of `dx` pixels makes: a swipe to the left shows the next card. */
export function carouselSwipeStep(dx: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_DISTANCE_PX) return 0
  return dx < 0 ? 1 : -1
}

/** The entrance delay of the mobile list's item `index`, as a CSS time. */
export function staggerDelay(index: number): string {
  return `${(Math.max(0, index) * STAGGER_SECONDS).toFixed(2)}s`
}
