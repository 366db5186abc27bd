import { describe, expect, it } from 'vitest'
import type { SigningEvent } from './purchase'
import { createSigningListener } from './signingListener'

const origin = 'http://127.0.0.1:8010'
const frame = { name: 'frame' }
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup(answer: boolean | 'throw' = true) {
  const sent: SigningEvent[] = []
  const shown: (SigningEvent | null)[] = []
  const listener = createSigningListener({
    origin,
    frame: () => frame,
    send: async (event) => {
      sent.push(event)
      if (answer === 'throw') throw new Error('offline')
      return answer
    },
    onSending: (e) => shown.push(e),
  })
  return { listener, sent, shown }
}

describe('the docusign message → submit', () => {
  it('submits the callback page’s event once', async () => {
    const { listener, sent, shown } = setup()
    listener({ data: 'OK', origin, source: frame })
    listener({ data: 'OK', origin, source: frame })
    await tick()
    listener({ data: 'decline', origin, source: frame })
    expect(sent).toEqual(['OK'])
    expect(shown).toEqual(['OK'])
  })
  it('ignores other origins, other windows and other messages', async () => {
    const { listener, sent } = setup()
    listener({ data: 'OK', origin: 'http://127.0.0.1:8110', source: frame })
    listener({ data: 'OK', origin, source: {} })
    listener({ data: 'signing_complete', origin, source: frame })
    listener({ data: { type: 'webpack' }, origin, source: frame })
    await tick()
    expect(sent).toEqual([])
  })
  it('passes decline, cancel and error on (the flow then fails)', async () => {
    for (const data of ['decline', 'cancel', 'error'] as const) {
      const { listener, sent } = setup()
      listener({ data, origin, source: frame })
      await tick()
      expect(sent).toEqual([data])
    }
  })
  it('may send again after a submit that recorded nothing or failed', async () => {
    for (const answer of [false, 'throw'] as const) {
      const { listener, sent, shown } = setup(answer)
      listener({ data: 'OK', origin, source: frame })
      await tick()
      listener({ data: 'OK', origin, source: frame })
      await tick()
      expect(sent).toEqual(['OK', 'OK'])
      expect(shown).toEqual(['OK', null, 'OK', null])
    }
  })
})
