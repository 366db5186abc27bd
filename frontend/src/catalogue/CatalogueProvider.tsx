/** The asset catalogue of the logged-in app: categories, assets (filtered by mode), live updates and category dots. */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useUser } from '../account/userContext'
import { getAsset, getAssets, getCategories } from '../api/endpoints'
import { isAborted } from '../api/errors'
import type { Asset, AssetStatusUpdate, Category } from '../api/types'
import { accessTypeFor, visibleAssets } from '../domain/access'
import { CATEGORIES } from '../domain/categories'
import { currentMode } from '../domain/mode'
import { categoriesWithDot } from '../domain/navDots'
import { session } from '../session/sessionStore'
import { trackJob } from '../ui/loaderStore'
import { CatalogueContext, type CatalogueApi, type CatalogueStatus } from './catalogueContext'
import { mergeStatusUpdates, newestModified, replaceAsset, sortByOrder } from './merge'
import { useLiveUpdates } from './useLiveUpdates'
import { useOpenedOfferings } from './useOpenedOfferings'

export function CatalogueProvider({ children }: { children: ReactNode }) {
  const mode = currentMode()
  const { user } = useUser()
  const [categories, setCategories] = useState<readonly Category[]>(CATEGORIES)
  const [allAssets, setAllAssets] = useState<Asset[]>([])
  const [status, setStatus] = useState<CatalogueStatus>('loading')
  const activeId = useRef<number | null>(null)
  const lastSync = useRef(0)
  const { opened, markOpened } = useOpenedOfferings()

  const applyAssets = useCallback((list: Asset[]) => {
    const sorted = sortByOrder(list)
    setAllAssets(sorted)
    lastSync.current = newestModified(sorted) ?? Math.floor(Date.now() / 1000)
  }, [])

  const reload = useCallback(async () => {
    applyAssets(await getAssets())
    setStatus('ready')
  }, [applyAssets])

  useEffect(() => {
    let live = true
    trackJob(Promise.all([getCategories().catch(() => [...CATEGORIES]), getAssets()])).then(
      ([cats, list]) => {
        if (!live) return
        if (cats.length > 0) setCategories(cats)
        applyAssets(list)
        setStatus('ready')
      },
      (error: unknown) => {
        if (live && !isAborted(error)) setStatus('error')
      },
    )
    return () => {
      live = false
    }
  }, [applyAssets])

  const assets = useMemo(() => visibleAssets(mode, allAssets, user?.access_groups, new Date()), [mode, allAssets, user])

  // app start-up: an empty asset list logs the user out with the reason for this mode
  const checked = useRef(false)
  useEffect(() => {
    if (checked.current || status !== 'ready' || (mode === 'special' && user === null)) return
    checked.current = true
    if (assets.length === 0) session.logout(mode === 'special' ? 'early-access' : 'no-assets')
  }, [status, user, assets, mode])

  const applyChanges = useCallback((items: AssetStatusUpdate[]) => {
    setAllAssets((prev) => mergeStatusUpdates(prev, items))
    lastSync.current = Math.max(lastSync.current, newestModified(items) ?? 0)
  }, [])

  const refreshActive = useCallback(async () => {
    if (activeId.current === null) return
    const fresh = await getAsset(activeId.current)
    setAllAssets((prev) => replaceAsset(prev, fresh))
  }, [])

  useLiveUpdates(status === 'ready', { refreshAll: reload, applyChanges, refreshActive, since: () => lastSync.current })

  const api = useMemo<CatalogueApi>(
    () => ({
      categories,
      assets,
      status,
      reload: () => trackJob(reload()),
      setActiveAssetId: (id) => {
        activeId.current = id
      },
      accessTypeFor: (assetId) => accessTypeFor(user?.access_groups, assetId, new Date()),
      dots: categoriesWithDot(assets, opened),
      markOpened,
    }),
    [categories, assets, status, reload, user, opened, markOpened],
  )
  return <CatalogueContext.Provider value={api}>{children}</CatalogueContext.Provider>
}
