import { describe, expect, it } from 'vitest'
import { replyTarget, sameAppOrigin } from './signingCallback'

describe('the same app origin', () => {
  it('is the same origin', () => {
    expect(sameAppOrigin('https://app.vitrine.app', 'https://app.vitrine.app')).toBe(true)
  })
  it('takes localhost and 127.0.0.1 with the same scheme and port as one', () => {
    expect(sameAppOrigin('http://localhost:8010', 'http://127.0.0.1:8010')).toBe(true)
    expect(sameAppOrigin('http://[::1]:5173', 'http://localhost:5173')).toBe(true)
  })
  it('is nothing else', () => {
    expect(sameAppOrigin('http://localhost:8110', 'http://127.0.0.1:8010')).toBe(false)
    expect(sameAppOrigin('https://localhost:8010', 'http://127.0.0.1:8010')).toBe(false)
    expect(sameAppOrigin('https://evil.test', 'https://app.vitrine.app')).toBe(false)
    expect(sameAppOrigin('http://app.localhost:8010', 'http://localhost:8010')).toBe(false)
    expect(sameAppOrigin('null', 'http://localhost:8010')).toBe(false)
  })
})

describe('where the callback page posts', () => {
  it('is the parent when it is this app', () => {
    expect(replyTarget('http://localhost:8010', ['http://127.0.0.1:8010'])).toBe('http://127.0.0.1:8010')
    expect(replyTarget('https://app.vitrine.app', ['https://app.vitrine.app'])).toBe('https://app.vitrine.app')
  })
  it('else its own origin (another parent gets nothing)', () => {
    expect(replyTarget('https://app.vitrine.app', ['https://evil.test'])).toBe('https://app.vitrine.app')
    expect(replyTarget('https://app.vitrine.app', undefined)).toBe('https://app.vitrine.app')
    expect(replyTarget('https://app.vitrine.app', [])).toBe('https://app.vitrine.app')
  })
})
