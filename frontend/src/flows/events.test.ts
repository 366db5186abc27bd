// @vitest-environment happy-dom
/**
 * The api's event streams as the page gets them: each event once complete (keep-alives are not events), with the
 * session's token, reconnecting with back-off while the stream is down and never after a final answer or a close.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { session } from '../app/session/sessionStore'
import { fakeEventStream } from '../testing/eventStream'
import { json, loggedInEachTest, stubApi } from '../testing/render'
import { reconnectDelayMs, subscribeFlowEvents, subscribeSse } from './events'
import type { FlowState } from './types'

const STREAM = '/api/trading/events'

/** A stream answer whose bytes the test writes, in chunks as a network might cut them. */
function manualStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null
  const response = new Response(new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) }), {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream' },
  })
  return { response, write: (text: string) => controller?.enqueue(new TextEncoder().encode(text)) }
}

loggedInEachTest()
let stop: () => void = () => undefined
afterEach(() => {
  stop()
  vi.useRealTimers()
})

describe('event stream', () => {
  it('hands over each event once complete, across chunks, with its name; keep-alives, multi-line data and CRLF', async () => {
    const stream = manualStream()
    stubApi({ [`GET ${STREAM}`]: () => stream.response })
    const got: [string, string][] = []
    stop = subscribeSse(STREAM, (data, event) => got.push([event, data]))
    stream.write('data: {"a"')
    stream.write(':1}\n')
    await new Promise((r) => setTimeout(r, 10))
    expect(got).toEqual([]) // not complete yet
    stream.write('\n: keep-alive\n\nevent: order\r\ndata: one\r\ndata:two\r\n\r\n')
    await vi.waitFor(() => expect(got).toEqual([['message', '{"a":1}'], ['order', 'one\ntwo']]))
  })

  it("sends the session's token and the app's headers, the current token on each connection", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const stream = fakeEventStream()
    const tokens: (string | null)[] = []
    stubApi({
      [`GET ${STREAM}`]: (request) => {
        tokens.push(request.headers.get('Authorization'))
        expect(request.headers.get('Accept')).toBe('text/event-stream')
        expect(request.headers.get('X-App-Name')).toBeTruthy()
        return stream.answer()
      },
    })
    stop = subscribeSse(STREAM, () => undefined)
    await vi.advanceTimersByTimeAsync(10)
    session.setToken('refreshed-token')
    stream.drop() // the server ends the stream: the client connects again after 1 s
    await vi.advanceTimersByTimeAsync(1_000)
    expect(tokens).toEqual(['JWT test-token', 'JWT refreshed-token'])
  })

  it('reconnects 1 s, 2 s, 4 s, ... at most 15 s apart while down, says when it is up, and starts afresh once up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let up = false
    const stream = fakeEventStream()
    const seen = stubApi({ [`GET ${STREAM}`]: () => (up ? stream.answer() : json({ detail: 'down' }, 503)) })
    const live: boolean[] = []
    stop = subscribeSse(STREAM, () => undefined, (l) => live.push(l))
    const connections = () => seen.length
    await vi.advanceTimersByTimeAsync(10)
    expect(connections()).toBe(1)
    await vi.advanceTimersByTimeAsync(990)
    expect(connections()).toBe(2) // after 1 s
    await vi.advanceTimersByTimeAsync(1_999)
    expect(connections()).toBe(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(connections()).toBe(3) // then 2 s
    await vi.advanceTimersByTimeAsync(4_000 + 8_000)
    expect(connections()).toBe(5) // then 4 s, 8 s
    await vi.advanceTimersByTimeAsync(15_000)
    expect(connections()).toBe(6) // at most 15 s
    await vi.advanceTimersByTimeAsync(15_000)
    expect(connections()).toBe(7)
    expect(live.every((l) => !l)).toBe(true)

    up = true
    await vi.advanceTimersByTimeAsync(15_000)
    expect(connections()).toBe(8)
    expect(live.at(-1)).toBe(true)
    stream.drop()
    await vi.advanceTimersByTimeAsync(10)
    expect(live.at(-1)).toBe(false)
    await vi.advanceTimersByTimeAsync(990)
    expect(connections()).toBe(9) // the back-off starts again from 1 s
    expect(live.at(-1)).toBe(true)
  })

  it.each([401, 403, 404])('stops for good on a %i', async (status) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const seen = stubApi({ [`GET ${STREAM}`]: () => json({ detail: 'no' }, status) })
    const live: boolean[] = []
    stop = subscribeSse(STREAM, () => undefined, (l) => live.push(l))
    await vi.advanceTimersByTimeAsync(120_000)
    expect(seen).toEqual([`GET ${STREAM}`])
    expect(live).toEqual([false])
  })

  it('connects not at all without a session, and never again once closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const stream = fakeEventStream()
    const seen = stubApi({ [`GET ${STREAM}`]: () => stream.answer() })
    stop = subscribeSse(STREAM, () => undefined)
    await vi.advanceTimersByTimeAsync(10)
    stop()
    stream.drop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(seen).toHaveLength(1)

    session.logout('silent')
    const live: boolean[] = []
    stop = subscribeSse(STREAM, () => undefined, (l) => live.push(l))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(seen).toHaveLength(1)
    expect(live).toEqual([false])
  })

  it("a flow's stream hands over each FlowState, skipping what is not one", async () => {
    const state = { flow_id: 'f1', step: 'intro', steps: [], version: 2 } as unknown as FlowState
    const stream = fakeEventStream(['message', { broken: true }], ['message', state])
    stubApi({ 'GET /api/flows/test/f1/events': () => stream.answer() })
    const got: FlowState[] = []
    stop = subscribeFlowEvents('test', 'f1', (s) => got.push(s))
    await vi.waitFor(() => expect(got).toEqual([state]))
  })
})

describe('reconnect delay', () => {
  it('backs off up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000])
  })
})
