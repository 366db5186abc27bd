import { describe, expect, it } from 'vitest'
import { menuItems, showsBottomNav, showsNavNotification, showsViewToggle } from './navigation'

describe('menu', () => {
  it('default mode', () => {
    expect(menuItems('default').map((i) => i.label)).toEqual(['Home', 'Categories', 'My Portfolio', 'Faqs', 'Settings', 'Contact', 'Logout'])
    const faqs = menuItems('default').find((i) => i.label === 'Faqs')
    expect(faqs && faqs.kind === 'link' && faqs.external).toBe(true)
  })
  it('the introduction to instant trading after My Portfolio when its flag is on', () => {
    const items = menuItems('default', { introduction: true })
    expect(items.map((i) => i.label)).toEqual(['Home', 'Categories', 'My Portfolio', 'Instant trading', 'Faqs', 'Settings', 'Contact', 'Logout'])
    expect(items[3]?.kind === 'link' && items[3].to).toBe('/app/ats')
    expect(menuItems('special', { introduction: true }).map((i) => i.label)).not.toContain('Instant trading')
  })
  it('special mode: Home (to /), Categories, Contact, Logout', () => {
    const items = menuItems('special')
    expect(items.map((i) => i.label)).toEqual(['Home', 'Categories', 'Contact', 'Logout'])
    expect(items[0]?.kind === 'link' && items[0].to).toBe('/')
  })
})

describe('bottom navigation', () => {
  it('shows on home and asset lists, not on an open asset or other pages', () => {
    expect(showsBottomNav('/app/home')).toBe(true)
    expect(showsBottomNav('/app/assets')).toBe(true)
    expect(showsBottomNav('/app/assets/cars')).toBe(true)
    expect(showsBottomNav('/app/assets/cars/CARS01')).toBe(false)
    expect(showsBottomNav('/app/settings')).toBe(false)
    expect(showsBottomNav('/login')).toBe(false)
  })
  it('view toggle only on asset lists', () => {
    expect(showsViewToggle('/app/assets/cars')).toBe(true)
    expect(showsViewToggle('/app/home')).toBe(false)
    expect(showsViewToggle('/app/assets/cars/CARS01')).toBe(false)
    expect(showsViewToggle('/app/investments')).toBe(false)
  })
  it('the new-offering pop-up only on the browsing screens, never over a form, a wizard or an asset page', () => {
    expect(showsNavNotification('/app/home')).toBe(true)
    expect(showsNavNotification('/app/assets/cars')).toBe(true)
    expect(showsNavNotification('/app/assets/cars/VCAR1')).toBe(false)
    expect(showsNavNotification('/app/settings')).toBe(false)
    expect(showsNavNotification('/app/investments')).toBe(false)
    expect(showsNavNotification('/app/onboarding')).toBe(false)
    expect(showsNavNotification('/app/onboarding/ssn')).toBe(false)
    expect(showsNavNotification('/app/tour/explore')).toBe(false)
    expect(showsNavNotification('/app/fund-account/transfer')).toBe(false)
    expect(showsNavNotification('/app/document/upload')).toBe(false)
    expect(showsNavNotification('/app/make-investment/select-shares')).toBe(false)
    expect(showsNavNotification('/app/profile-update/profile-confirmation')).toBe(false)
  })
})
