import { describe, expect, it } from 'vitest'
import { closeBanner, closedSubheaders, openBanners } from './homeBanners'

function memoryStorage(initial: Record<string, string> = {}): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map(Object.entries(initial))
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) }
}

describe('home banners closed memory', () => {
  it('hides a closed banner and shows it again when its subheader changes', () => {
    const storage = memoryStorage()
    const banner = { id: 1, subheader: 'Trade the F40' }
    expect(openBanners([banner], closedSubheaders(storage))).toEqual([banner])
    closeBanner(storage, banner.subheader)
    expect(openBanners([banner], closedSubheaders(storage))).toEqual([])
    const changed = { ...banner, subheader: 'Trade the F40 — now with lower fees' }
    expect(openBanners([changed], closedSubheaders(storage))).toEqual([changed])
  })

  it('keeps every closed subheader and reads a damaged memory as none', () => {
    const storage = memoryStorage()
    closeBanner(storage, 'a')
    closeBanner(storage, 'b')
    closeBanner(storage, 'a')
    expect([...closedSubheaders(storage)]).toEqual(['a', 'b'])
    expect(closedSubheaders(memoryStorage({ closedBanners: '{not json' })).size).toBe(0)
    expect([...closedSubheaders(memoryStorage({ closedBanners: '["x", 3]' }))]).toEqual(['x'])
  })
})
