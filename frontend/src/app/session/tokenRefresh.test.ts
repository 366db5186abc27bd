import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scheduleTokenRefresh, type RefreshDeps } from './tokenRefresh'

function jwt(exp: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${b64({ alg: 'HS256' })}.${b64({ exp, user_id: 1 })}.sig`
}

function deps(refresh: RefreshDeps['refresh']) {
  return {
    refresh: vi.fn(refresh),
    onToken: vi.fn(),
    onFailure: vi.fn(),
    now: () => Date.now(),
    setTimer: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimer: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
  }
}

describe('token refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(1_000_000)
  })
  afterEach(() => vi.useRealTimers())

  it('refreshes 60 s before expiry and stores the new token', async () => {
    const d = deps(async () => 'fresh')
    scheduleTokenRefresh(jwt(1_000 + 300), d)
    await vi.advanceTimersByTimeAsync(239_999)
    expect(d.refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(d.refresh).toHaveBeenCalledTimes(1)
    expect(d.onToken).toHaveBeenCalledWith('fresh')
  })

  it('refreshes at once when under 60 s remain', async () => {
    const d = deps(async () => 'fresh')
    scheduleTokenRefresh(jwt(1_000 + 30), d)
    await vi.advanceTimersByTimeAsync(0)
    expect(d.refresh).toHaveBeenCalledTimes(1)
  })

  it('a null token or an error is a failure', async () => {
    const nullDeps = deps(async () => null)
    scheduleTokenRefresh(jwt(1_000), nullDeps)
    await vi.advanceTimersByTimeAsync(0)
    expect(nullDeps.onFailure).toHaveBeenCalledTimes(1)
    const errDeps = deps(async () => {
      throw new Error('401')
    })
    scheduleTokenRefresh(jwt(1_000), errDeps)
    await vi.advanceTimersByTimeAsync(0)
    expect(errDeps.onFailure).toHaveBeenCalledTimes(1)
    expect(errDeps.onToken).not.toHaveBeenCalled()
  })

  it('cancel stops it', async () => {
    const d = deps(async () => 'fresh')
    const cancel = scheduleTokenRefresh(jwt(1_000 + 300), d)
    cancel()
    await vi.advanceTimersByTimeAsync(1_000_000)
    expect(d.refresh).not.toHaveBeenCalled()
  })

  it('waits longer than the setTimeout limit without firing early', async () => {
    const d = deps(async () => 'fresh')
    const days30 = 30 * 24 * 3600
    scheduleTokenRefresh(jwt(1_000 + days30), d)
    await vi.advanceTimersByTimeAsync(2 ** 31)
    expect(d.refresh).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync((days30 - 60) * 1000 - 2 ** 31)
    expect(d.refresh).toHaveBeenCalledTimes(1)
  })
})
