/**
 * Press-and-hold auto-repeat (spec doc 2 §9: 500 ms delay, then every 50 ms): `start` acts at once, then repeats
 * after the delay at the speed until `stop`. Timers are injected so the rule is testable without a browser.
 */
import { REPEAT_DELAY_MS, REPEAT_SPEED_MS } from './purchase'

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(id: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(id: unknown): void
}

const browserTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof setInterval>),
}

export interface Repeater {
  start(action: () => void): void
  stop(): void
}

export function createRepeater(timers: Timers = browserTimers, delayMs = REPEAT_DELAY_MS, speedMs = REPEAT_SPEED_MS): Repeater {
  let delay: unknown = null
  let interval: unknown = null
  const stop = () => {
    if (delay !== null) timers.clearTimeout(delay)
    if (interval !== null) timers.clearInterval(interval)
    delay = null
    interval = null
  }
  return {
    start(action) {
      stop()
      action()
      delay = timers.setTimeout(() => {
        delay = null
        interval = timers.setInterval(action, speedMs)
      }, delayMs)
    },
    stop,
  }
}
