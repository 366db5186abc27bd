/**
 * The asset catalogue of the logged-in app: categories, assets (filtered by mode), live updates and category dots.
 * The list is a cached query refreshed every 15000 ms while the tab is visible and in full when it becomes visible
 * again (spec doc 1 §4); the update schedule (useLiveUpdates) merges status changes into it between refreshes.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { useUser } from '../../../app/account/userContext'
import { getAssets } from '../../../api/endpoints'
import { assetQuery, categoriesQuery } from '../../../api/queries'
import { keys } from '../../../api/queryKeys'
import type { Asset, AssetStatusUpdate } from '../../../api/types'
import { ASSET_REFRESH_INTERVAL_MS } from '../../../config'
import { accessTypeFor, visibleAssets } from '../../../domain/access'
import { CATEGORIES } from '../../../domain/categories'
import { currentMode } from '../../../domain/mode'
import { categoriesWithDot } from '../../../domain/navDots'
import { session } from '../../../app/session/sessionStore'
import { trackJob, useLoaderWhile } from '../../../ui/loaderStore'
import { CatalogueContext, type CatalogueApi, type CatalogueStatus } from './catalogueContext'
import { mergeStatusUpdates, newestModified, replaceAsset, sortByOrder } from './merge'
import { useLiveUpdates } from './useLiveUpdates'
import { useOpenedOfferings } from './useOpenedOfferings'

const nowSeconds = () => Math.floor(Date.now() / 1000)

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const mode = currentMode()
  const { user } = useUser()
  const queryClient = useQueryClient()
  const activeId = useRef<number | null>(null)
  /** epoch seconds of the newest data held: the last full list's newest change, moved on by each status update */
  const lastSync = useRef(0)
  const { opened, markOpened } = useOpenedOfferings()

  const categoriesRead = useQuery(categoriesQuery())
  const assetsRead = useQuery({
    queryKey: keys.assets(),
    queryFn: async () => {
      const list = sortByOrder(await getAssets())
      lastSync.current = newestModified(list) ?? nowSeconds()
      return list
    },
    refetchInterval: (query) => (query.state.data ? ASSET_REFRESH_INTERVAL_MS : false),
    refetchOnWindowFocus: 'always',
  })
  useLoaderWhile(assetsRead.isPending)

  const allAssets = assetsRead.data
  const status: CatalogueStatus = allAssets ? 'ready' : assetsRead.isError ? 'error' : 'loading'
  const categories = categoriesRead.data && categoriesRead.data.length > 0 ? categoriesRead.data : CATEGORIES
  const assets = useMemo(() => visibleAssets(mode, allAssets ?? [], user?.access_groups, new Date()), [mode, allAssets, user])

  // app start-up: an empty asset list logs the user out with the reason for this mode
  const checked = useRef(false)
  useEffect(() => {
    if (checked.current || status !== 'ready' || (mode === 'special' && user === null)) return
    checked.current = true
    if (assets.length === 0) session.logout(mode === 'special' ? 'early-access' : 'no-assets')
  }, [status, user, assets, mode])

  const applyChanges = useCallback(
    (items: AssetStatusUpdate[]) => {
      queryClient.setQueryData<Asset[]>(keys.assets(), (prev) => (prev ? mergeStatusUpdates(prev, items) : prev))
      lastSync.current = Math.max(lastSync.current, newestModified(items) ?? 0)
    },
    [queryClient],
  )

  const refreshActive = useCallback(async () => {
    if (activeId.current === null) return
    const fresh = await queryClient.fetchQuery(assetQuery(activeId.current))
    queryClient.setQueryData<Asset[]>(keys.assets(), (prev) => (prev ? replaceAsset(prev, fresh) : prev))
  }, [queryClient])

  const since = useCallback(() => lastSync.current || (newestModified(allAssets ?? []) ?? nowSeconds()), [allAssets])
  useLiveUpdates(status === 'ready', { applyChanges, refreshActive, since })

  const { refetch } = assetsRead
  const api = useMemo<CatalogueApi>(
    () => ({
      categories,
      assets,
      status,
      reload: () =>
        trackJob(
          refetch().then((result) => {
            if (result.isError) throw result.error
          }),
        ),
      setActiveAssetId: (id) => {
        activeId.current = id
      },
      accessTypeFor: (assetId) => accessTypeFor(user?.access_groups, assetId, new Date()),
      dots: categoriesWithDot(assets, opened),
      markOpened,
    }),
    [categories, assets, status, refetch, user, opened, markOpened],
  )
  return <CatalogueContext.Provider value={api}>{children}</CatalogueContext.Provider>
}
