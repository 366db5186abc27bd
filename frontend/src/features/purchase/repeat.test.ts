import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createRepeater } from './repeat'

describe('the counter auto-repeat', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('acts once at once, then every 50 ms after 500 ms, until stopped', () => {
    const repeater = createRepeater()
    let n = 0
    repeater.start(() => (n += 1))
    expect(n).toBe(1)
    vi.advanceTimersByTime(499)
    expect(n).toBe(1)
    vi.advanceTimersByTime(1 + 50)
    expect(n).toBe(2)
    vi.advanceTimersByTime(200)
    expect(n).toBe(6)
    repeater.stop()
    vi.advanceTimersByTime(1000)
    expect(n).toBe(6)
  })
  it('a quick press acts once', () => {
    const repeater = createRepeater()
    let n = 0
    repeater.start(() => (n += 1))
    vi.advanceTimersByTime(100)
    repeater.stop()
    vi.advanceTimersByTime(2000)
    expect(n).toBe(1)
  })
  it('a new press replaces the running one', () => {
    const repeater = createRepeater()
    const got: string[] = []
    repeater.start(() => got.push('+'))
    vi.advanceTimersByTime(600)
    repeater.start(() => got.push('-'))
    vi.advanceTimersByTime(550)
    repeater.stop()
    expect(got.filter((g) => g === '+').length).toBe(3)
    expect(got.filter((g) => g === '-').length).toBe(2)
  })
})
