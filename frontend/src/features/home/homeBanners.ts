/**
 * The home banners' closed memory (spec doc 3 §2.4): a closed banner stays hidden, and shows again when its
 * subheader text changes — the memory is the list of closed subheaders, in local storage.
 */
import { KEYS } from '../../app/session/storage'

type Reader = Pick<Storage, 'getItem'>
type Writer = Pick<Storage, 'getItem' | 'setItem'>

export function closedSubheaders(storage: Reader): Set<string> {
  try {
    const list: unknown = JSON.parse(storage.getItem(KEYS.closedBanners) ?? '[]')
    return new Set(Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [])
  } catch {
    return new Set()
  }
}

export function closeBanner(storage: Writer, subheader: string): void {
  try {
    storage.setItem(KEYS.closedBanners, JSON.stringify([...closedSubheaders(storage).add(subheader)]))
  } catch {
    // storage blocked or full: the browser guard reports it at start-up
  }
}

export function openBanners<B extends { subheader: string }>(banners: readonly B[], closed: ReadonlySet<string>): B[] {
  return banners.filter((b) => !closed.has(b.subheader))
}
