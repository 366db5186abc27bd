import { afterEach, describe, expect, it, vi } from 'vitest'
import { browserProblem } from './browserCheck'

function withStorage(setItem: () => void) {
  vi.stubGlobal('window', { localStorage: { setItem, removeItem: () => undefined } })
}

describe('browser guard check', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('passes when storage works', () => {
    withStorage(() => undefined)
    expect(browserProblem()).toBeNull()
  })
  it('reports disabled cookies', () => {
    withStorage(() => undefined)
    vi.stubGlobal('navigator', { cookieEnabled: false })
    expect(browserProblem()).toBe('cookies')
  })
  it('reports blocked storage', () => {
    withStorage(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    expect(browserProblem()).toBe('storage')
  })
  it('reports a full storage', () => {
    withStorage(() => {
      throw new DOMException('full', 'QuotaExceededError')
    })
    expect(browserProblem()).toBe('quota')
  })
})
