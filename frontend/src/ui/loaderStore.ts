/** The global loader counts outstanding jobs (spec doc 1 §2 "Shared UI"). */
import { useEffect, useSyncExternalStore } from 'react'

let count = 0
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((l) => l())

export const loader = {
  start(): () => void {
    count += 1
    notify()
    let done = false
    return () => {
      if (done) return
      done = true
      count -= 1
      notify()
    }
  },
  count: () => count,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

/** Counts the promise as a job until it settles. */
export function trackJob<T>(promise: Promise<T>): Promise<T> {
  const stop = loader.start()
  return promise.finally(stop)
}

export function useLoaderCount(): number {
  return useSyncExternalStore(loader.subscribe, loader.count, loader.count)
}

/** Counts a job for as long as `active` is true (e.g. a query's first load). */
export function useLoaderWhile(active: boolean): void {
  useEffect(() => (active ? loader.start() : undefined), [active])
}
