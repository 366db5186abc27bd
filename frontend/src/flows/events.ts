/**
 * The api's authenticated event streams over fetch (EventSource cannot send the Authorization header), framed and
 * reconnected by @microsoft/fetch-event-source: GET /api/flows/{kind}/{id}/events brings every FlowState the server
 * publishes (the api's answer to a move, or a change the workflow made by itself: a deposit settled, a signature
 * arrived, the idle close); GET /api/trading/events the trading events (features/trading/useTrading.ts).
 */
import { fetchEventSource } from '@microsoft/fetch-event-source'
import { appName } from '../api/middleware'
import { APP_VERSION } from '../config'
import { session } from '../app/session/sessionStore'
import { isFlowState, type FlowState } from './types'

/** Statuses after which retrying cannot help (logged out, not this user's flow, unknown flow). */
const FINAL = new Set([401, 403, 404])

/** Wait before the n-th reconnection (0-based): 1 s, 2 s, 4 s, ... at most 15 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(15_000, 1_000 * 2 ** Math.max(0, attempt))
}

/** The stream cannot come back (no session, or a final status): no reconnection. */
class Final extends Error {}

export function subscribeFlowEvents(
  kind: string,
  flowId: string,
  onState: (state: FlowState) => void,
  onLive?: (live: boolean) => void,
): () => void {
  const url = `/api/flows/${encodeURIComponent(kind)}/${encodeURIComponent(flowId)}/events`
  return subscribeSse(
    url,
    (data) => {
      try {
        const state: unknown = JSON.parse(data)
        if (isFlowState(state)) onState(state)
      } catch {
        // a malformed event is skipped; the next one carries the whole state again
      }
    },
    onLive,
  )
}

/**
 * Any of the api's authenticated event streams: each event's data and name (`message` when unnamed; keep-alive
 * comments are not events), reconnecting with back-off after an error or the end of the stream, each time with the
 * session's current token; `onLive(true)` once connected, `onLive(false)` while it is down (callers poll meanwhile).
 * The returned function closes it for good.
 */
export function subscribeSse(url: string, onEvent: (data: string, event: string) => void, onLive?: (live: boolean) => void): () => void {
  const controller = new AbortController()
  let attempt = 0

  void fetchEventSource(url, {
    signal: controller.signal,
    cache: 'no-store',
    // kept open while the tab is hidden, as the app's polling stands aside only while a stream is up
    openWhenHidden: true,
    headers: { accept: 'text/event-stream', 'X-App-Name': appName(navigator.userAgent), 'X-App-Version': APP_VERSION },
    // each (re)connection sends the token the session holds then (it is refreshed while the page is open)
    fetch: (input, init) => {
      const token = session.get().token
      if (!token) return Promise.reject(new Final('no session'))
      const headers = new Headers(init?.headers)
      headers.set('Authorization', `JWT ${token}`)
      return fetch(input, { ...init, headers })
    },
    onopen: async (response) => {
      if (FINAL.has(response.status)) throw new Final(`status ${response.status}`)
      if (!response.ok || !response.body) throw new Error(`status ${response.status}`)
      attempt = 0
      onLive?.(true)
    },
    onmessage: (message) => {
      if (message.data === '') return // a keep-alive comment, or an event without data
      onEvent(message.data, message.event || 'message')
    },
    onclose: () => {
      throw new Error('the stream ended') // the server closed it: connect again
    },
    onerror: (error: unknown) => {
      onLive?.(false)
      if (error instanceof Final) throw error // stops the stream
      const wait = reconnectDelayMs(attempt)
      attempt += 1
      return wait
    },
  }).catch(() => undefined) // a final stop: nothing more to do
  return () => controller.abort()
}
