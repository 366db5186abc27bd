/** Menu and bottom navigation items per mode (and the introduction to instant trading when its flag is on), and where
 * the bottom navigation shows (spec doc 1 §2). */
import { FAQ_URL } from '../../config'
import type { AppMode } from '../../domain/mode'
import { ATS_PATH } from '../../features/trading/atsCards'

export interface MenuLink {
  kind: 'link'
  label: string
  to: string
  external?: boolean
}
export interface MenuCategories {
  kind: 'categories'
  label: 'Categories'
}
export type MenuItem = MenuLink | MenuCategories

export const CALENDAR_PATH = '/app/investments-calendar'

/** The investments calendar, opened from an asset's page with `?asset=` (it picks its tab by the asset's status). */
export function calendarPath(assetId?: number): string {
  return assetId === undefined ? CALENDAR_PATH : `${CALENDAR_PATH}?asset=${assetId}`
}

export function homePath(mode: AppMode): string {
  return mode === 'special' ? '/' : '/app/home'
}

/** The menu's items; `introduction`: the atsCards flag gives cards (the introduction to instant trading, /app/ats). */
export function menuItems(mode: AppMode, { introduction = false }: { introduction?: boolean } = {}): MenuItem[] {
  const home: MenuLink = { kind: 'link', label: 'Home', to: homePath(mode) }
  const categories: MenuCategories = { kind: 'categories', label: 'Categories' }
  const contact: MenuLink = { kind: 'link', label: 'Contact', to: '/app/contact' }
  const logout: MenuLink = { kind: 'link', label: 'Logout', to: '/app/logout' }
  if (mode === 'special') return [home, categories, contact, logout]
  return [
    home,
    categories,
    { kind: 'link', label: 'My Portfolio', to: '/app/investments' },
    ...(introduction ? [{ kind: 'link', label: 'Instant trading', to: ATS_PATH } satisfies MenuLink] : []),
    { kind: 'link', label: 'Faqs', to: FAQ_URL, external: true },
    { kind: 'link', label: 'Settings', to: '/app/settings' },
    contact,
    logout,
  ]
}

/** The bottom navigation shows on home and asset routes, and not while an asset's page is open. */
export function showsBottomNav(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean)
  if (parts[0] !== 'app') return false
  if (parts[1] === 'home' && parts.length === 2) return true
  return parts[1] === 'assets' && parts.length <= 3
}

/**
 * The new-offering pop-up shows only where a person browses (home and the asset lists: the routes with the phone's
 * bottom navigation, whose dots it announces), never over a form, a wizard, settings or an asset page: a pop-up fixed
 * over those would cover their buttons for its 6 seconds. Elsewhere the menu's dot still marks the category, and the
 * pop-up waits for the next browsing screen.
 */
export function showsNavNotification(pathname: string): boolean {
  return showsBottomNav(pathname)
}

/** The carousel/list toggle shows on asset list routes only (hidden on home, tour, onboarding, investments, settings, contact, asset pages). */
export function showsViewToggle(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean)
  return parts[0] === 'app' && parts[1] === 'assets' && parts.length <= 3
}

/** Bottom navigation order: Home, then the categories in this order. */
export const BOTTOM_NAV_CATEGORY_KEYS = ['history', 'art', 'cars', 'watches', 'wine-spirits'] as const
