import { describe, expect, it } from 'vitest'
import { createSseParser, reconnectDelayMs } from './sse'

describe('sse parser', () => {
  it('emits each event once complete, across chunks', () => {
    const got: string[] = []
    const push = createSseParser((d) => got.push(d))
    push('data: {"a"')
    expect(got).toEqual([])
    push(':1}\n')
    expect(got).toEqual([])
    push('\ndata: {"b":2}\n\n')
    expect(got).toEqual(['{"a":1}', '{"b":2}'])
  })
  it('ignores comments (keep-alives), joins multi-line data, handles CRLF', () => {
    const got: string[] = []
    const push = createSseParser((d) => got.push(d))
    push(': keep-alive\n\n')
    push('event: x\r\ndata: one\r\ndata:two\r\n\r\n')
    expect(got).toEqual(['one\ntwo'])
  })
})

describe('reconnect delay', () => {
  it('backs off up to 15 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000])
  })
})
