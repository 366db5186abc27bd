// @vitest-environment happy-dom
/**
 * /faq as a visitor meets it, logged out: its heading, the topics that link to each section (the onboarding intro's
 * privacy and security links land on theirs), the Log in / Sign up pair; and every link of the app to it opens it in
 * a new tab.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FAQ_URL } from '../../config'
import { menuItems } from '../../app/shell/navigation'
import { renderApp } from '../../testing/render'
import { FAQ_SECTIONS, FaqPage } from './FaqPage'

describe('FaqPage', () => {
  afterEach(cleanup)

  it('is a public page with a heading, a topic list and one section per topic', async () => {
    renderApp([{ path: '/faq', element: <FaqPage /> }], '/faq')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Frequently Asked Questions')
    expect(document.title).toBe('Frequently Asked Questions · Vitrine')
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy()
    const topics = screen.getByRole('navigation', { name: 'Topics' })
    expect([...topics.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(FAQ_SECTIONS.map((s) => `#${s.id}`))
    for (const id of ['privacy', 'security', 'funding', 'offerings', 'trading', 'fees']) {
      expect(document.getElementById(id)?.querySelector('h2')).toBeTruthy()
    }
    expect(screen.getByText(/Up to \$5,000 in one transfer/)).toBeTruthy()
    expect(document.body.textContent).not.toMatch(/Rally|Dwolla|Plaid|DocuSign|Snap/)
  })

  it("is the app's own page, opened from the menu in a new tab", () => {
    expect(FAQ_URL).toBe('/faq')
    const faqs = menuItems('default').find((i) => i.label === 'Faqs')
    expect(faqs).toMatchObject({ to: '/faq', external: true })
  })
})
