/** Merging catalogue answers (pure). */
import type { Asset, AssetStatusUpdate } from '../../../api/types'

export function sortByOrder<T extends Pick<Asset, 'order'>>(assets: readonly T[]): T[] {
  return [...assets].sort((a, b) => a.order - b.order)
}

/** Applies status changes to the known assets; unknown ids are ignored (the next full refresh brings them). */
export function mergeStatusUpdates(assets: readonly Asset[], updates: readonly AssetStatusUpdate[]): Asset[] {
  if (updates.length === 0) return [...assets]
  const byId = new Map(updates.map((u) => [u.id, u]))
  return assets.map((asset) => {
    const update = byId.get(asset.id)
    if (!update) return asset
    const merged: Asset = { ...asset }
    for (const [key, value] of Object.entries(update)) {
      if (value !== undefined) (merged as unknown as Record<string, unknown>)[key] = value
    }
    return merged
  })
}

export function replaceAsset(assets: readonly Asset[], fresh: Asset): Asset[] {
  return assets.some((a) => a.id === fresh.id) ? assets.map((a) => (a.id === fresh.id ? fresh : a)) : sortByOrder([...assets, fresh])
}

/** Epoch seconds of the newest `modified` among the assets, or null. */
export function newestModified(assets: readonly Pick<Asset, 'modified'>[]): number | null {
  let newest: number | null = null
  for (const a of assets) {
    const t = a.modified ? Date.parse(a.modified) : NaN
    if (Number.isFinite(t) && (newest === null || t > newest)) newest = t
  }
  return newest === null ? null : Math.floor(newest / 1000)
}
