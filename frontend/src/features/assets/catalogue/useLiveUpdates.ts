/**
 * The asset update schedule while the catalogue is shown (spec doc 1 §4 "Asset update schedule"): status changes
 * merged in at each scheduled time, the open asset re-read with them, the schedule stopped while the tab is hidden
 * and started again when it is visible. The 15000 ms full refresh and the refresh on becoming visible are the asset
 * list query's own (CatalogueProvider).
 */
import { useEffect, useRef } from 'react'
import { getStatusChanges, getUpdateSchedule } from '../../../api/endpoints'
import { ApiError } from '../../../api/errors'
import type { AssetStatusUpdate } from '../../../api/types'
import { ASSET_SCHEDULE_MAX_RETRIES } from '../../../config'
import { session } from '../../../app/session/sessionStore'
import { UpdateScheduler } from './updateScheduler'

export interface LiveUpdateDeps {
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
    const onVisibility = () => {
      scheduler.stop()
      if (document.visibilityState === 'visible') scheduler.start()
    }
    if (document.visibilityState === 'visible') scheduler.start()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      scheduler.stop()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [enabled])
}
