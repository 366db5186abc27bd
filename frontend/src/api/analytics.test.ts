import { describe, expect, it } from 'vitest'
import { createTracker, type TrackerDeps } from './analytics'

function deps(over: Partial<TrackerDeps> = {}) {
  const sent: unknown[][] = []
  const timers: (() => void)[] = []
  const d: TrackerDeps = {
    send: async (records) => {
      sent.push(records)
    },
    loggedIn: () => true,
    now: () => new Date('2026-11-28T14:00:00Z'),
    setTimer: (fn) => timers.push(fn),
    ...over,
  }
  return { d, sent, timers }
}

describe('the analytics tracker', () => {
  it('sends what was tracked as one batch a moment later, views and events with their kind and time', async () => {
    const { d, sent, timers } = deps()
    const t = createTracker(d)
    t.trackView('Asset Detail - Main')
    t.track('Order Placed')
    expect(sent).toEqual([])
    expect(timers).toHaveLength(1) // one send scheduled for both
    timers[0]!()
    await t.flush()
    expect(sent).toEqual([[
      { kind: 'view', name: 'Asset Detail - Main', at: '2026-11-28T14:00:00.000Z' },
      { kind: 'event', name: 'Order Placed', at: '2026-11-28T14:00:00.000Z' },
    ]])
  })

  it('sends at once when the batch is full', () => {
    const { d, sent } = deps()
    const t = createTracker(d, 2_000, 2)
    t.trackView('Asset Detail - Quote')
    t.trackView('Asset Detail - Story')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toHaveLength(2)
  })

  it('never throws when the api fails or tracking itself fails', async () => {
    const failing = createTracker(deps({ send: async () => Promise.reject(new Error('offline')) }).d)
    failing.track('Transfer Deposit')
    await expect(failing.flush()).resolves.toBeUndefined()
    const broken = createTracker(deps({ now: () => { throw new Error('clock') } }).d)
    expect(() => broken.trackView('Agreement')).not.toThrow()
  })

  it('sends nothing while logged out, and drops what was queued before a logout', async () => {
    let loggedIn = false
    const { d, sent } = deps({ loggedIn: () => loggedIn })
    const t = createTracker(d)
    t.track('Promo Code Applied')
    await t.flush()
    loggedIn = true
    t.track('Agreement Signed')
    loggedIn = false
    await t.flush()
    expect(sent).toEqual([])
  })
})
