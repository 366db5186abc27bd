/** A fake server-sent event stream of the tests (e.g. the trading stream, GET /api/trading/events): each connection
 * starts with the `initial` events, then gets what `send` writes while it is open. */
export interface FakeEventStream {
  /** stubApi's answer: a new open connection */
  answer: () => Response
  send: (event: string, data: unknown) => void
  /** the server ends every open connection (the client connects again) */
  drop: () => void
  /** connections opened so far */
  readonly connections: number
}

export function fakeEventStream(...initial: [string, unknown][]): FakeEventStream {
  const open: ReadableStreamDefaultController<Uint8Array>[] = []
  let opened = 0
  const encode = (event: string, data: unknown) => new TextEncoder().encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
  return {
    answer: () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          open.push(controller)
          opened += 1
          for (const [event, data] of initial) controller.enqueue(encode(event, data))
        },
      })
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
    },
    send: (event, data) => {
      for (const controller of open) {
        try {
          controller.enqueue(encode(event, data))
        } catch {
          // a connection the page closed
        }
      }
    },
    drop: () => {
      for (const controller of open.splice(0)) {
        try {
          controller.close()
        } catch {
          // a connection the page closed
        }
      }
    },
    get connections() {
      return opened
    },
  }
}
