/** The mobile asset list view: carousel or list. */
import { useSyncExternalStore } from 'react'

export type ViewMode = 'carousel' | 'list'

let mode: ViewMode = 'carousel'
const listeners = new Set<() => void>()

export const viewMode = {
  get: () => mode,
  set(next: ViewMode) {
    mode = next
    listeners.forEach((l) => l())
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export function useViewMode(): [ViewMode, (next: ViewMode) => void] {
  return [useSyncExternalStore(viewMode.subscribe, viewMode.get, viewMode.get), viewMode.set]
}
