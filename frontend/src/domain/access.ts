/**
 * Special-access filtering of the catalogue (spec doc 1 §4 "Mode filtering"). Mirrors domain/access.py; its names and
 * messages come from there through rules.gen.ts (generated).
 */
import type { AccessGroup, Asset } from '../api/types'
import type { AppMode } from './mode'
import { OPEN_ICO } from './assetStatus'
import { accessRules } from './rules.gen'

export const { EARLY_IO, FREE_SHARE_PROGRAM, NOT_AUTHORISED_FOR_EARLY_ACCESS, NO_ACCESSIBLE_ASSETS } = accessRules

const EXCLUDED_STATUSES: Record<string, readonly string[]> = {
  [EARLY_IO]: [OPEN_ICO],
  [FREE_SHARE_PROGRAM]: [],
}

export function isActive(group: AccessGroup, now: Date): boolean {
  return !group.access_end || new Date(group.access_end).getTime() > now.getTime()
}

/** The user's unexpired access type for an asset (free_share_program wins over early_io), or null. */
export function accessTypeFor(groups: readonly AccessGroup[] | undefined, assetId: number, now: Date): string | null {
  const active = (groups ?? []).filter((g) => g.asset_id === assetId && isActive(g, now))
  if (active.some((g) => g.access_type === FREE_SHARE_PROGRAM)) return FREE_SHARE_PROGRAM
  return active[0]?.access_type ?? null
}

/** Assets accessible to the user, access not ended, status not excluded; free_share_program first, then by order. */
export function specialAccessAssets<T extends Pick<Asset, 'id' | 'asset_status' | 'order'>>(
  assets: readonly T[],
  groups: readonly AccessGroup[] | undefined,
  now: Date,
): T[] {
  const ranked: { rank: number; asset: T }[] = []
  for (const asset of assets) {
    const allowed = (groups ?? []).filter(
      (g) =>
        g.asset_id === asset.id &&
        isActive(g, now) &&
        !(EXCLUDED_STATUSES[g.access_type] ?? []).includes(asset.asset_status),
    )
    if (allowed.length > 0) {
      ranked.push({ rank: allowed.some((g) => g.access_type === FREE_SHARE_PROGRAM) ? 0 : 1, asset })
    }
  }
  return ranked.sort((a, b) => a.rank - b.rank || a.asset.order - b.asset.order).map((r) => r.asset)
}

/** The assets a mode lists: everything (by order) by default, the accessible ones in special-access mode. */
export function visibleAssets<T extends Pick<Asset, 'id' | 'asset_status' | 'order'>>(
  mode: AppMode,
  assets: readonly T[],
  groups: readonly AccessGroup[] | undefined,
  now: Date,
): T[] {
  if (mode === 'special') return specialAccessAssets(assets, groups, now)
  return [...assets].sort((a, b) => a.order - b.order)
}

/** The reason given when the asset list is empty after login. */
export function emptyCatalogueMessage(mode: AppMode): string {
  return mode === 'special' ? NOT_AUTHORISED_FOR_EARLY_ACCESS : NO_ACCESSIBLE_ASSETS
}
