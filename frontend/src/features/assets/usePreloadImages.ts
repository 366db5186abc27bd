import { useEffect, useRef } from 'react'
import type { Asset } from '../../api/types'
import { assetImageSrc, preloadIndices } from './assetCard'

/** Starts loading the images of the assets around `centre` in `assets` — the active one and two neighbours on each
 * side (spec doc 3 §2.1), so the next one shows at once; each image once per component. `centre` -1: none. */
export function usePreloadImages(assets: readonly Asset[], centre: number): void {
  const preloaded = useRef(new Set<string>())
  useEffect(() => {
    if (centre < 0) return
    for (const i of preloadIndices(assets.length, centre)) {
      const asset = assets[i]
      const src = asset ? assetImageSrc(asset, 'home') : null
      if (src && !preloaded.current.has(src)) {
        preloaded.current.add(src)
        const img = new Image()
        img.src = src
      }
    }
  }, [assets, centre])
}
