import { createContext, useContext } from 'react'
import type { Asset, Category } from '../../../api/types'

export type CatalogueStatus = 'loading' | 'ready' | 'error'

export interface CatalogueApi {
  categories: readonly Category[]
  /** the assets this user may see in this mode, by order */
  assets: readonly Asset[]
  status: CatalogueStatus
  /** full refresh of the asset list */
  reload(): Promise<void>
  /** the asset whose page is open (refreshed with each status update), or null */
  setActiveAssetId(id: number | null): void
  /** the user's unexpired special-access type for an asset */
  accessTypeFor(assetId: number): string | null
  /** category keys with an open offering not yet opened by the user */
  dots: ReadonlySet<string>
  markOpened(assetId: number): void
}

export const CatalogueContext = createContext<CatalogueApi | null>(null)

export function useCatalogue(): CatalogueApi {
  const api = useContext(CatalogueContext)
  if (!api) throw new Error('useCatalogue outside CatalogueProvider')
  return api
}
