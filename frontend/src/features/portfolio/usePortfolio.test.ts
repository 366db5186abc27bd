import { describe, expect, it } from 'vitest'
import { FIRST_POLL_MS, MAX_POLL_MS, pendingPollMs } from './usePortfolio'

describe('the pending balance poll', () => {
  it('starts at 2 s and waits a quarter of the time already waited longer, up to 30 s', () => {
    expect(pendingPollMs(0)).toBe(FIRST_POLL_MS)
    expect(pendingPollMs(8_000)).toBe(4_000)
    expect(pendingPollMs(40_000)).toBe(12_000)
    expect(pendingPollMs(10 * 60_000)).toBe(MAX_POLL_MS)
  })
})
