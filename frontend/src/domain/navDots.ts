/**
 * Category notification dots (spec doc 1 §4 "Other flags"): a category shows a dot while it holds an open offering
 * under 100 percent funded that the user has not opened yet. Opened offerings are tracked in local storage.
 */
import type { Asset } from '../api/types'
import { OPEN_ICO, progressPercent } from './assetStatus'

export const OPENED_OFFERINGS_KEY = 'openedOfferings'

export function isUnseenOffering(asset: Pick<Asset, 'id' | 'asset_status' | 'progress_bar' | 'is_exited'>, opened: ReadonlySet<number>): boolean {
  return asset.asset_status === OPEN_ICO && !asset.is_exited && progressPercent(asset.progress_bar) < 100 && !opened.has(asset.id)
}

/** Category keys that get a dot. */
export function categoriesWithDot(
  assets: readonly Pick<Asset, 'id' | 'category' | 'asset_status' | 'progress_bar' | 'is_exited'>[],
  opened: ReadonlySet<number>,
): Set<string> {
  return new Set(assets.filter((a) => isUnseenOffering(a, opened)).map((a) => a.category))
}

export function parseOpened(raw: string | null): Set<number> {
  if (!raw) return new Set()
  try {
    const value: unknown = JSON.parse(raw)
    return new Set(Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [])
  } catch {
    return new Set()
  }
}
