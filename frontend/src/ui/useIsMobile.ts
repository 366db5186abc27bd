import { useSyncExternalStore } from 'react'
import { MOBILE_MAX_WIDTH_PX } from '../config'

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(QUERY)
  list.addEventListener('change', listener)
  return () => list.removeEventListener('change', listener)
}

/** True under the 768 px mobile breakpoint (spec doc 1 §9). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  )
}
