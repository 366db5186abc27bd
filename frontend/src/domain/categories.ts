/** The five asset categories (spec doc 1 §2 "Category paths"); the api's /api/categories/ is the source, this is the fallback. */
import type { Category } from '../api/types'

export const CATEGORIES: readonly Category[] = [
  { key: 'history', pathname: 'history', title: 'History', color: '#b5651d' },
  { key: 'art', pathname: 'comics-literature', title: 'Comics and Literature', color: '#c0392b' },
  { key: 'cars', pathname: 'cars', title: 'Cars', color: '#1f6feb' },
  { key: 'watches', pathname: 'luxury', title: 'Luxury', color: '#8e44ad' },
  { key: 'wine-spirits', pathname: 'wine-spirits', title: 'Wine and Spirits', color: '#7b1e3a' },
]

export function categoryByPathname(categories: readonly Category[], pathname: string | undefined): Category | undefined {
  return categories.find((c) => c.pathname === pathname)
}

export function categoryByKey(categories: readonly Category[], key: string | undefined): Category | undefined {
  return categories.find((c) => c.key === key)
}

/** The URL of an asset's page: /app/assets/{categoryPathname}/{ticker without '#'}. */
export function assetPath(categories: readonly Category[], asset: { category: string; ticker: string }): string {
  const pathname = categoryByKey(categories, asset.category)?.pathname ?? asset.category
  return `/app/assets/${pathname}/${asset.ticker.replace(/#/g, '')}`
}
