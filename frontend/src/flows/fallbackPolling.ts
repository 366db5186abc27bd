/**
 * Polling as the fallback of a live stream: nothing while the stream is up; while it is down, `poll` after
 * 2 s, 4 s, 8 s, ... at most 30 s apart (one call at a time, skipped while the tab is hidden); stopped as soon as
 * the stream is back (its first event carries the whole state again).
 */

export const FALLBACK_FIRST_MS = 2_000
export const FALLBACK_MAX_MS = 30_000

/** Wait before the n-th fallback poll (0-based). */
export function fallbackDelayMs(attempt: number): number {
  return Math.min(FALLBACK_MAX_MS, FALLBACK_FIRST_MS * 2 ** Math.max(0, attempt))
}

export interface FallbackPoller {
  /** the stream's state: true stops polling, false starts it (from the first delay) */
  setLive(live: boolean): void
  stop(): void
}

export function createFallbackPoller(poll: () => Promise<void>, visible: () => boolean = pageVisible): FallbackPoller {
  let timer: ReturnType<typeof setTimeout> | undefined
  let running = false // polling rounds belong to one outage: a new outage starts a new round
  let round = 0

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const schedule = (attempt: number, mine: number) => {
    timer = setTimeout(() => {
      void (async () => {
        if (visible()) {
          try {
            await poll()
          } catch {
            // the next poll, or the stream once it is back, brings the state
          }
        }
        if (running && mine === round) schedule(attempt + 1, mine)
      })()
    }, fallbackDelayMs(attempt))
  }

  return {
    setLive(live: boolean) {
      if (live) {
        running = false
        clear()
      } else if (!running) {
        running = true
        round += 1
        schedule(0, round)
      }
    },
    stop() {
      running = false
      clear()
    },
  }
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden'
}
