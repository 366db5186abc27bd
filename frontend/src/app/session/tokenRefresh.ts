/**
 * Token refresh (spec doc 1 §4): scheduled 60 s before the JWT expires, immediately when less than 60 s remain.
 * A failed refresh (error or a null token) ends the session.
 */
import { refreshDelayMs } from '../../domain/jwt'

export interface RefreshDeps {
  refresh(token: string): Promise<string | null>
  onToken(token: string): void
  onFailure(error: unknown): void
  now(): number
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
}

/** Schedules the refresh of `token`; returns a cancel function. */
/** setTimeout cannot wait longer than this (about 24.8 days); longer waits are re-armed. */
export const MAX_TIMER_MS = 2 ** 31 - 1

export function scheduleTokenRefresh(token: string, deps: RefreshDeps): () => void {
  if (refreshDelayMs(token, deps.now()) === null) return () => undefined
  let cancelled = false
  let handle: unknown = null
  const arm = () => {
    const delay = refreshDelayMs(token, deps.now()) ?? 0
    handle = deps.setTimer(() => (refreshDelayMs(token, deps.now()) ?? 0) > 0 ? arm() : run(), Math.min(delay, MAX_TIMER_MS))
  }
  const run = () => {
    deps.refresh(token).then(
      (fresh) => {
        if (cancelled) return
        if (fresh) deps.onToken(fresh)
        else deps.onFailure(new Error('token refresh gave no token'))
      },
      (error: unknown) => {
        if (!cancelled) deps.onFailure(error)
      },
    )
  }
  arm()
  return () => {
    cancelled = true
    deps.clearTimer(handle)
  }
}
