/**
 * The asset update schedule while the catalogue is shown (spec doc 1 §4 "Asset update schedule"), as one TanStack
 * query: its data is the schedule (first GET .../update-schedule/, then each answer of GET .../status/), and its
 * `refetchInterval` fires at next_update_timestamp plus half the update interval, fetching the statuses modified since
 * the last sync, merged in with the open asset re-read. Non-authentication failures are retried up to 10 times 5 s
 * apart, then the app logs out; an authentication failure stops it (the 401 handler has logged out). Nothing fires
 * while the tab is hidden. The 15000 ms full refresh and the refresh on becoming visible are the asset list
 * query's own (CatalogueProvider).
 */
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { getStatusChanges, getUpdateSchedule } from '../../../api/endpoints'
import { ApiError } from '../../../api/errors'
import { keys } from '../../../api/queryKeys'
import type { AssetStatusUpdate, UpdateSchedule } from '../../../api/types'
import { ASSET_SCHEDULE_MAX_RETRIES } from '../../../config'
import { session } from '../../../app/session/sessionStore'

export interface LiveUpdateDeps {
  applyChanges(items: AssetStatusUpdate[]): void
  refreshActive(): Promise<void>
  since(): number
}

const RETRY_DELAY_MS = 5_000
/** never fire sooner than this, so a stale schedule cannot spin */
const MIN_DELAY_MS = 1_000
const ignore = () => undefined

/** Milliseconds from now until the update fires: next_update_timestamp + interval / 2. */
export function fireDelayMs(schedule: UpdateSchedule, nowMs: number, minDelayMs = 0): number {
  const at = (Number(schedule.next_update_timestamp) + Number(schedule.update_seconds_interval) / 2) * 1000
  const delay = Number.isFinite(at) ? at - nowMs : minDelayMs
  return Math.max(minDelayMs, delay)
}

const isAuthError = (e: unknown) => e instanceof ApiError && e.kind === 'CLIENT_UNAUTHORIZED'

export function useLiveUpdates(enabled: boolean, deps: LiveUpdateDeps): void {
  const ref = useRef(deps)
  useEffect(() => {
    ref.current = deps
  })

  const updates = useQuery({
    queryKey: keys.statusUpdates(),
    queryFn: async ({ client, queryKey }): Promise<UpdateSchedule> => {
      if (client.getQueryData(queryKey) === undefined) return getUpdateSchedule()
      const answer = await getStatusChanges(ref.current.since())
      ref.current.applyChanges(answer.items)
      await ref.current.refreshActive().catch(ignore)
      return answer
    },
    enabled,
    refetchInterval: (query) => (query.state.data && query.state.status !== 'error' ? fireDelayMs(query.state.data, Date.now(), MIN_DELAY_MS) : false),
    retry: (failures, error) => !isAuthError(error) && failures < ASSET_SCHEDULE_MAX_RETRIES,
    retryDelay: RETRY_DELAY_MS,
    staleTime: Infinity, // read only when the schedule says
    gcTime: 0, // the catalogue shown again starts from the schedule
    refetchOnWindowFocus: false,
    networkMode: 'always', // tried online or not: failures count towards the give-up, as the schedule says
  })

  // retried to no avail (not an authentication failure): the user is logged out
  const { isError, error } = updates
  useEffect(() => {
    if (isError && !isAuthError(error)) session.logout('updates-failed')
  }, [isError, error])
}
