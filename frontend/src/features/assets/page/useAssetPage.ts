/** A sub-page's asset: the `asset` query parameter, read through the asset detail read. */
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'react-router'
import { assetQuery } from '../../../api/queries'
import type { AssetPage } from '../../../api/types'
import { assetParam } from './subPages'

export function useAssetPage(): { id: number | null; page: AssetPage | undefined; failed: boolean } {
  const id = assetParam(useLocation().search)
  const query = useQuery({ ...assetQuery(id ?? 0), enabled: id !== null })
  return { id, page: query.data, failed: id === null || query.isError }
}
