/** The catalogue search rule (spec doc 1 §5 "Search"). Mirrors domain/search.py on the server. */
import type { Asset } from '../../api/types'

export const SEARCH_MINIMUM = 3

/**
 * The text the search box keeps after an edit: leading whitespace is trimmed and an edit that
 * introduces a double space is rejected (the previous value stays).
 */
export function acceptSearchInput(previous: string, next: string): string {
  const value = next.trimStart()
  return value.includes('  ') ? previous : value
}

/** The usable (lower-case) term, or null when the search must give an empty list. */
export function searchTerm(raw: string): string | null {
  const term = raw.trimStart()
  if (term.includes('  ') || term.trim().length < SEARCH_MINIMUM) return null
  return term.trim().toLowerCase()
}

export function matchesAsset(term: string, asset: Pick<Asset, 'display_name' | 'ticker' | 'asset_status'>): boolean {
  return [asset.display_name, asset.ticker, asset.asset_status].some((field) =>
    String(field ?? '').toLowerCase().includes(term),
  )
}

export function searchAssets<T extends Pick<Asset, 'display_name' | 'ticker' | 'asset_status'>>(
  assets: readonly T[],
  raw: string,
): T[] {
  const term = searchTerm(raw)
  if (term === null) return []
  return assets.filter((a) => matchesAsset(term, a))
}

/** 'no results', '1 result' or 'N results'. */
export function resultCountText(count: number): string {
  if (count === 0) return 'no results'
  return `${count} ${count === 1 ? 'result' : 'results'}`
}
