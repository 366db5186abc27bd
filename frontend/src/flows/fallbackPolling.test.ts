import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFallbackPoller, fallbackDelayMs } from './fallbackPolling'

/** Lets the poll's promise and the rescheduling after it run. */
const settle = async () => {
  await Promise.resolve()
  await Promise.resolve()
}

describe('fallback polling', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('backs off from 2 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(fallbackDelayMs)).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000])
  })

  it('polls only while the stream is down, with back-off, and stops when it reconnects', async () => {
    const poll = vi.fn(async () => undefined)
    const poller = createFallbackPoller(poll, () => true)
    poller.setLive(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(poll).not.toHaveBeenCalled() // the stream is up: no polling at all

    poller.setLive(false) // the stream dropped
    await vi.advanceTimersByTimeAsync(1_999)
    expect(poll).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(poll).toHaveBeenCalledTimes(1) // after 2 s
    await vi.advanceTimersByTimeAsync(4_000)
    await settle()
    expect(poll).toHaveBeenCalledTimes(2) // then 4 s later
    await vi.advanceTimersByTimeAsync(7_999)
    expect(poll).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    await settle()
    expect(poll).toHaveBeenCalledTimes(3) // then 8 s later

    poller.setLive(false) // still down (a failed reconnection): the back-off goes on, not restarted
    await vi.advanceTimersByTimeAsync(15_999)
    expect(poll).toHaveBeenCalledTimes(3)

    poller.setLive(true) // reconnected: polling stops
    await vi.advanceTimersByTimeAsync(120_000)
    expect(poll).toHaveBeenCalledTimes(3)

    poller.setLive(false) // a new outage starts from 2 s again
    await vi.advanceTimersByTimeAsync(2_000)
    await settle()
    expect(poll).toHaveBeenCalledTimes(4)
    poller.stop()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(poll).toHaveBeenCalledTimes(4)
  })

  it('skips polls while the page is hidden and survives a failed poll', async () => {
    let visible = false
    const poll = vi.fn(async () => {
      throw new Error('offline')
    })
    const poller = createFallbackPoller(poll, () => visible)
    poller.setLive(false)
    await vi.advanceTimersByTimeAsync(2_000)
    await settle()
    expect(poll).not.toHaveBeenCalled()
    visible = true
    await vi.advanceTimersByTimeAsync(4_000)
    await settle()
    expect(poll).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(8_000)
    await settle()
    expect(poll).toHaveBeenCalledTimes(2) // a failed poll does not stop the fallback
    poller.stop()
  })
})
