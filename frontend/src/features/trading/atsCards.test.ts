import { describe, expect, it } from 'vitest'
import { cardsDue, cardsForFlag, MIN_GAP_MS, recordShown } from './atsCards'

function memory(): Storage {
  const m = new Map<string, string>()
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) } as Storage
}

describe('/app/ats cards', () => {
  it('follow the atsCards flag', () => {
    expect(cardsForFlag(1)).toEqual(['live-trading', 'instant-buy', 'post-only'])
    expect(cardsForFlag(2)).toEqual(['post-only'])
    expect(cardsForFlag(0)).toEqual([])
    expect(cardsForFlag(undefined)).toEqual([])
  })
  it('open by themselves at start-up at most 4 times per user, 24 hours apart', () => {
    const s = memory()
    expect(cardsDue(0, 7, s, 0)).toEqual([])
    let now = 1_000
    for (let i = 0; i < 4; i += 1) {
      expect(cardsDue(1, 7, s, now)).toHaveLength(3)
      recordShown(s, 7, now)
      expect(cardsDue(1, 7, s, now + MIN_GAP_MS - 1)).toEqual([])
      now += MIN_GAP_MS
    }
    expect(cardsDue(1, 7, s, now)).toEqual([])
    expect(cardsDue(2, 8, s, now)).toEqual(['post-only'])
  })
})
