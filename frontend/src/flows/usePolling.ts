/** Calls `poll` every `intervalMs` while `active` (and the tab is visible), one call at a time. */
import { useEffect, useRef } from 'react'

export const FLOW_POLL_MS = 2_000

export function usePolling(active: boolean, poll: () => Promise<void>, intervalMs: number = FLOW_POLL_MS): void {
  const latest = useRef(poll)
  latest.current = poll
  useEffect(() => {
    if (!active) return undefined
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      if (stopped) return
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') await latest.current()
      if (!stopped) timer = setTimeout(() => void tick(), intervalMs)
    }
    timer = setTimeout(() => void tick(), intervalMs)
    return () => {
      stopped = true
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [active, intervalMs])
}
