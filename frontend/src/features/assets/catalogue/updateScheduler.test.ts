import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AssetStatusUpdate } from '../../../api/types'
import { fireDelayMs, UpdateScheduler, type SchedulerDeps } from './updateScheduler'

class AuthError extends Error {}

function setup(overrides: Partial<SchedulerDeps> = {}) {
  const changes: AssetStatusUpdate[][] = []
  const sinceCalls: number[] = []
  const giveUp = vi.fn()
  const deps: SchedulerDeps = {
    fetchSchedule: vi.fn(async () => ({ next_update_timestamp: 1_000, update_seconds_interval: 20 })),
    fetchChanges: vi.fn(async (since: number) => {
      sinceCalls.push(since)
      return { items: [{ id: 7, progress_bar: 60 }], next_update_timestamp: 1_030, update_seconds_interval: 20 }
    }),
    since: () => 990,
    onChanges: (items) => void changes.push(items),
    onGiveUp: giveUp,
    isAuthError: (e) => e instanceof AuthError,
    now: () => Date.now(),
    timer: { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    maxRetries: 10,
    retryDelayMs: 5_000,
    minDelayMs: 1_000,
    ...overrides,
  }
  return { scheduler: new UpdateScheduler(deps), deps, changes, sinceCalls, giveUp }
}

describe('fire delay', () => {
  it('fires at next_update_timestamp plus half the interval', () => {
    expect(fireDelayMs({ next_update_timestamp: 1_000, update_seconds_interval: 20 }, 995_000)).toBe(15_000)
    expect(fireDelayMs({ next_update_timestamp: 1_000, update_seconds_interval: 20 }, 2_000_000, 1_000)).toBe(1_000)
  })
})

describe('UpdateScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    vi.setSystemTime(995_000)
  })
  afterEach(() => vi.useRealTimers())

  it('fetches changes at the scheduled time and re-arms from the answer', async () => {
    const { scheduler, changes, sinceCalls, deps } = setup()
    scheduler.start()
    await vi.advanceTimersByTimeAsync(14_999)
    expect(deps.fetchChanges).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(sinceCalls).toEqual([990])
    expect(changes).toEqual([[{ id: 7, progress_bar: 60 }]])
    // next: (1030 + 10) s = 1_040_000 ms; now is 1_010_000
    await vi.advanceTimersByTimeAsync(29_999)
    expect(deps.fetchChanges).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(deps.fetchChanges).toHaveBeenCalledTimes(2)
    scheduler.stop()
  })

  it('stops firing when stopped', async () => {
    const { scheduler, deps } = setup()
    scheduler.start()
    await vi.advanceTimersByTimeAsync(1)
    scheduler.stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(deps.fetchChanges).not.toHaveBeenCalled()
    expect(scheduler.isRunning).toBe(false)
  })

  it('retries non-auth failures up to 10 times, then gives up', async () => {
    const fetchChanges = vi.fn(async () => {
      throw new Error('down')
    })
    const { scheduler, giveUp } = setup({ fetchChanges })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(15_000)
    expect(fetchChanges).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(5_000 * 9)
    expect(fetchChanges).toHaveBeenCalledTimes(10)
    expect(giveUp).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(fetchChanges).toHaveBeenCalledTimes(11)
    expect(giveUp).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchChanges).toHaveBeenCalledTimes(11)
  })

  it('a success resets the failure count', async () => {
    let fail = true
    const fetchChanges = vi.fn(async () => {
      if (fail) throw new Error('blip')
      return { items: [], next_update_timestamp: 2_000, update_seconds_interval: 20 }
    })
    const { scheduler } = setup({ fetchChanges })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(15_000 + 5_000 * 3)
    expect(scheduler.failureCount).toBe(4)
    fail = false
    await vi.advanceTimersByTimeAsync(5_000)
    expect(scheduler.failureCount).toBe(0)
    scheduler.stop()
  })

  it('stops without giving up on an auth failure (the 401 handler logs out)', async () => {
    const fetchChanges = vi.fn(async () => {
      throw new AuthError('401')
    })
    const { scheduler, giveUp } = setup({ fetchChanges })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(100_000)
    expect(fetchChanges).toHaveBeenCalledTimes(1)
    expect(giveUp).not.toHaveBeenCalled()
    expect(scheduler.isRunning).toBe(false)
  })
})
