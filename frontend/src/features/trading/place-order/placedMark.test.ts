// @vitest-environment happy-dom
// The result delay counted from PLACE (spec doc 3 §4.3 step 4, §9): the browser journeys move the page's clock past
// it (frontend/e2e/trading-journeys.test.mjs placeFromSelect), so its arithmetic is held here.
import { afterEach, describe, expect, it } from 'vitest'
import { RESULT_DELAY_MS } from './orderForm'
import { markPlaced, takeDelay } from './placedMark'

describe('takeDelay', () => {
  afterEach(() => sessionStorage.clear())

  it('waits the whole delay right after PLACE, what is left of it later, nothing once it has passed', () => {
    markPlaced('f1', 10_000)
    expect(takeDelay('f1', RESULT_DELAY_MS, 10_000)).toBe(RESULT_DELAY_MS)
    markPlaced('f1', 10_000)
    expect(takeDelay('f1', RESULT_DELAY_MS, 11_200)).toBe(1_800)
    markPlaced('f1', 10_000)
    expect(takeDelay('f1', RESULT_DELAY_MS, 10_000 + RESULT_DELAY_MS)).toBe(0)
  })

  it('is taken once: a summary shown again (a reload, a later visit) shows at once', () => {
    markPlaced('f2', 10_000)
    expect(takeDelay('f2', RESULT_DELAY_MS, 10_500)).toBe(2_500)
    expect(takeDelay('f2', RESULT_DELAY_MS, 10_600)).toBe(0)
  })

  it('never waits longer than the delay (a clock that went back) and not at all for an order of another flow', () => {
    markPlaced('f3', 10_000)
    expect(takeDelay('f3', RESULT_DELAY_MS, 9_000)).toBe(RESULT_DELAY_MS)
    markPlaced('f4', 10_000)
    expect(takeDelay('f5', RESULT_DELAY_MS, 10_000)).toBe(0)
  })
})
