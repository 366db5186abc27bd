/** A Server-Sent Events parser for a fetch stream: text chunks in, each event's data (and its event name) out (comments ignored). */
export function createSseParser(onData: (data: string, event: string) => void): (chunk: string) => void {
  let buffer = ''
  let data: string[] = []
  let event = 'message'
  const line = (raw: string) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'), event)
      data = []
      event = 'message'
      return
    }
    if (text.startsWith(':')) return
    const colon = text.indexOf(':')
    const field = colon === -1 ? text : text.slice(0, colon)
    let value = colon === -1 ? '' : text.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') data.push(value)
    else if (field === 'event') event = value
  }
  return (chunk: string) => {
    buffer += chunk
    let at = buffer.indexOf('\n')
    while (at !== -1) {
      line(buffer.slice(0, at))
      buffer = buffer.slice(at + 1)
      at = buffer.indexOf('\n')
    }
  }
}

/** Wait before the n-th reconnection (0-based): 1 s, 2 s, 4 s, ... at most 15 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(15_000, 1_000 * 2 ** Math.max(0, attempt))
}
