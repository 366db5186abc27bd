/**
 * GET /api/flows/{kind}/{id}/events as a fetch stream (EventSource cannot send the Authorization header):
 * every FlowState the server publishes (the api's answer to a move, or a change the workflow made by itself: a deposit
 * settled, a signature arrived, the idle close), reconnecting with back-off after an error or the end of the stream.
 */
import { appName } from '../api/middleware'
import { APP_VERSION } from '../config'
import { session } from '../app/session/sessionStore'
import { createSseParser, reconnectDelayMs } from './sse'
import { isFlowState, type FlowState } from './types'

/** Statuses after which retrying cannot help (logged out, not this user's flow, unknown flow). */
const FINAL = new Set([401, 403, 404])

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
 * Any of the api's authenticated event streams: each event's data and name, reconnecting with back-off;
 * `onLive(true)` once connected, `onLive(false)` while it is down (callers poll meanwhile).
 */
export function subscribeSse(url: string, onEvent: (data: string, event: string) => void, onLive?: (live: boolean) => void): () => void {
  const controller = new AbortController()
  let attempt = 0

  const connectOnce = async (): Promise<'retry' | 'stop'> => {
    const token = session.get().token
    if (!token) return 'stop'
    const response = await fetch(url, {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `JWT ${token}`,
        'X-App-Name': appName(navigator.userAgent),
        'X-App-Version': APP_VERSION,
      },
      cache: 'no-store',
      signal: controller.signal,
    })
    if (FINAL.has(response.status)) return 'stop'
    if (!response.ok || !response.body) return 'retry'
    attempt = 0
    onLive?.(true)
    const push = createSseParser(onEvent)
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return 'retry'
      push(value)
    }
  }

  const run = async () => {
    while (!controller.signal.aborted) {
      let outcome: 'retry' | 'stop' = 'retry'
      try {
        outcome = await connectOnce()
      } catch {
        outcome = 'retry'
      }
      if (controller.signal.aborted) return
      onLive?.(false)
      if (outcome === 'stop') return
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs(attempt)))
      attempt += 1
    }
  }
  void run()
  return () => controller.abort()
}
