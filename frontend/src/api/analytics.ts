/**
 * The analytics sink's client (POST /api/analytics/events/; spec doc 3 §2.1 the slides' view names, doc 2 the
 * transfer, promo code, order entry and agreement view and signing): `trackView(name)` / `track(name)` queue a record
 * and send the queue as one batch a moment later (or at once when it is full). Names are the api's own list (the
 * `AnalyticsName` enum of the generated schema, domain/analytics.py on the server). Nothing is sent while logged
 * out, and a failed send is dropped: analytics never breaks the page.
 */
import { call } from './call'
import { api } from './client'
import type { components } from './schema.gen'
import { session } from '../app/session/sessionStore'

export type AnalyticsName = components['schemas']['AnalyticsName']
type AnalyticsRecord = components['schemas']['AnalyticsRecord']

export const BATCH_DELAY_MS = 2_000
export const BATCH_MAX = 20 // the api takes up to 50 a call

export interface TrackerDeps {
  send(records: AnalyticsRecord[]): Promise<unknown>
  loggedIn(): boolean
  now(): Date
  setTimer(fn: () => void, ms: number): unknown
}

export interface Tracker {
  track(name: AnalyticsName): void
  trackView(name: AnalyticsName): void
  /** sends what is queued now (tests, leaving the page) */
  flush(): Promise<void>
}

export function createTracker(deps: TrackerDeps, delayMs = BATCH_DELAY_MS, max = BATCH_MAX): Tracker {
  let queue: AnalyticsRecord[] = []
  let scheduled = false
  const flush = async () => {
    scheduled = false
    const batch = queue
    queue = []
    if (batch.length === 0 || !deps.loggedIn()) return
    try {
      await deps.send(batch)
    } catch {
      // dropped: a lost record is better than a broken page or a retry storm
    }
  }
  const add = (kind: AnalyticsRecord['kind'], name: AnalyticsName) => {
    try {
      if (!deps.loggedIn()) return
      queue.push({ kind, name, at: deps.now().toISOString() })
      if (queue.length >= max) void flush()
      else if (!scheduled) {
        scheduled = true
        deps.setTimer(() => void flush(), delayMs)
      }
    } catch {
      // never let tracking throw into a component
    }
  }
  return { track: (name) => add('event', name), trackView: (name) => add('view', name), flush }
}

export const sendAnalytics = (events: AnalyticsRecord[]) => call(api.POST('/api/analytics/events/', { body: { events } }))

const tracker = createTracker({
  send: sendAnalytics,
  loggedIn: () => session.isLoggedIn(),
  now: () => new Date(),
  setTimer: (fn, ms) => (typeof window === 'undefined' ? setTimeout(fn, ms) : window.setTimeout(fn, ms)),
})

/** Something done (a transfer, a promo code applied, an order placed, the agreement signed). */
export const track = (name: AnalyticsName) => tracker.track(name)
/** A screen shown (an asset slide, the agreement). */
export const trackView = (name: AnalyticsName) => tracker.trackView(name)
export const flushAnalytics = () => tracker.flush()
