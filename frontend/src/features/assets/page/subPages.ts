/** The asset's sub-pages (spec doc 3 §2.1): each takes the asset by the `asset` query parameter. */
export type SubPage = 'details' | 'gallery' | 'legal' | 'chat'

export function subPagePath(page: SubPage, assetId: number): string {
  return `/app/${page}?asset=${assetId}`
}

/** The asset id of a sub-page's URL search, or null. */
export function assetParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('asset')
  const id = raw === null ? NaN : Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}
