/**
 * Keeps the catalogue live (spec doc 1 §4 "Asset update schedule"): the status update schedule, a 15000 ms list
 * refresh, a full refresh when the tab becomes visible, and everything stopped while it is hidden.
 */
import { useEffect, useRef } from 'react'
import { getStatusChanges, getUpdateSchedule } from '../api/endpoints'
import { ApiError } from '../api/errors'
import type { AssetStatusUpdate } from '../api/types'
import { ASSET_REFRESH_INTERVAL_MS, ASSET_SCHEDULE_MAX_RETRIES } from '../config'
import { session } from '../session/sessionStore'
import { UpdateScheduler } from './updateScheduler'

export interface LiveUpdateDeps {
  refreshAll(): Promise<void>
  applyChanges(items: AssetStatusUpdate[]): void
  refreshActive(): Promise<void>
  since(): number
}

const RETRY_DELAY_MS = 5_000
const MIN_DELAY_MS = 1_000
const ignore = () => undefined

export function useLiveUpdates(enabled: boolean, deps: LiveUpdateDeps): void {
  const ref = useRef(deps)
  useEffect(() => {
    ref.current = deps
  })

  useEffect(() => {
    if (!enabled) return undefined
    const scheduler = new UpdateScheduler({
      fetchSchedule: getUpdateSchedule,
      fetchChanges: getStatusChanges,
      since: () => ref.current.since(),
      onChanges: async (items) => {
        ref.current.applyChanges(items)
        await ref.current.refreshActive().catch(ignore)
      },
      onGiveUp: () => session.logout('updates-failed'),
      isAuthError: (e) => e instanceof ApiError && e.kind === 'CLIENT_UNAUTHORIZED',
      now: () => Date.now(),
      timer: { set: (fn, ms) => window.setTimeout(fn, ms), clear: (h) => window.clearTimeout(h as number) },
      maxRetries: ASSET_SCHEDULE_MAX_RETRIES,
      retryDelayMs: RETRY_DELAY_MS,
      minDelayMs: MIN_DELAY_MS,
    })
    let interval: number | undefined
    const start = () => {
      scheduler.start()
      interval = window.setInterval(() => void ref.current.refreshAll().catch(ignore), ASSET_REFRESH_INTERVAL_MS)
    }
    const stop = () => {
      scheduler.stop()
      window.clearInterval(interval)
    }
    const onVisibility = () => {
      stop()
      if (document.visibilityState === 'visible') {
        void ref.current.refreshAll().catch(ignore)
        start()
      }
    }
    if (document.visibilityState === 'visible') start()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [enabled])
}
