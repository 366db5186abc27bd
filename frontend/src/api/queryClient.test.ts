import { describe, expect, it } from 'vitest'
import { ApiError } from './errors'
import { MAX_RETRIES, retryDelay, shouldRetry } from './queryClient'

describe('retries of a failed read', () => {
  it('tries again when there was no answer or the server failed, at most three times', () => {
    expect(shouldRetry(0, new ApiError('UNKNOWN_ONLINE', null, null))).toBe(true)
    expect(shouldRetry(1, new ApiError('NETWORK_TIMEOUT', null, null))).toBe(true)
    expect(shouldRetry(2, new ApiError('SERVER', 503, null))).toBe(true)
    expect(shouldRetry(MAX_RETRIES, new ApiError('SERVER', 503, null))).toBe(false)
  })
  it("never repeats the client's own fault, a 401 (the session is over) or an abort", () => {
    expect(shouldRetry(0, new ApiError('CLIENT', 404, null))).toBe(false)
    expect(shouldRetry(0, new ApiError('CLIENT_UNAUTHORIZED', 401, null))).toBe(false)
    expect(shouldRetry(0, new ApiError('ABORTED', null, null))).toBe(false)
  })
  it('waits longer each time: 1 s, 2 s, 4 s… at most 30 s', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 30_000])
  })
})
