// @vitest-environment happy-dom
/**
 * The legal and contact pages as a person reads them (spec doc 3 §2.8): every statement the spec requires is on
 * PRIVACY POLICY or the disclaimer; the contact page's ways to reach Vitrine; an external page in a frame only for an
 * http(s) address passed in the navigation state.
 */
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ContactPage } from './ContactPage'
import { DisclaimerPage } from './DisclaimerPage'
import { ExternalLinkPage, safeExternalUrl } from './ExternalLinkPage'
import { PrivacyPage } from './PrivacyPage'
import { renderApp } from '../../testing/render'

afterEach(cleanup)

const STATEMENTS = [
  /only to residents of the United States/,
  /18 years of age or older/,
  /registered broker-dealer/,
  /accredited investors/,
  /is not investment, legal, accounting or tax advice/,
  /up to \$5\.00 per document/,
  /for 30 days after you stop using the service/,
  /within 10 days/,
  /arbitration under the laws of the State of New York/,
  /admitted as a member .* bound by its operating agreement/,
  /foreign investors are not solicited/,
]

describe('legal pages', () => {
  it('PRIVACY POLICY states every term the spec requires', () => {
    renderApp([{ path: '/app/privacy', element: <PrivacyPage /> }], '/app/privacy')
    expect(screen.getByRole('heading', { level: 1, name: 'PRIVACY POLICY' })).toBeTruthy()
    const text = document.body.textContent ?? ''
    for (const statement of STATEMENTS) expect(text).toMatch(statement)
  })

  it('the disclaimer has risk factors, forward-looking statements and the advice to get your own', () => {
    renderApp([{ path: '/app/disclaimer', element: <DisclaimerPage /> }], '/app/disclaimer')
    for (const name of ['Risk factors', 'Forward-looking statements', 'Your own advice']) expect(screen.getByRole('heading', { name })).toBeTruthy()
    expect(document.body.textContent).toMatch(/obtain your own legal, tax and financial advice/)
  })

  it('the contact page offers e-mail, phone, SMS, social links and the legal pages', () => {
    renderApp([{ path: '/app/contact', element: <ContactPage /> }], '/app/contact')
    expect(screen.getByTestId('support-email').getAttribute('href')).toMatch(/^mailto:/)
    expect(screen.getByTestId('support-phone').getAttribute('href')).toMatch(/^tel:\+?\d+$/)
    expect(screen.getByTestId('support-sms').getAttribute('href')).toMatch(/^sms:\+?\d+$/)
    expect(screen.getByTestId('social-links').querySelectorAll('a[target="_blank"]').length).toBeGreaterThan(0)
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/app/privacy')
    expect(screen.getByRole('link', { name: 'Disclaimer' }).getAttribute('href')).toBe('/app/disclaimer')
  })
})

describe('external link', () => {
  it('accepts only http(s) addresses', () => {
    expect(safeExternalUrl('https://example.com/a')).toBe('https://example.com/a')
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull()
    expect(safeExternalUrl('data:text/html,hi')).toBeNull()
    expect(safeExternalUrl(undefined)).toBeNull()
  })

  it('frames the address from the navigation state, and goes home without one', async () => {
    const routes = [
      { path: '/app/external-link', element: <ExternalLinkPage /> },
      { path: '/app/home', element: <p>home</p> },
    ]
    const { router } = renderApp(routes, '/app/home')
    await router.navigate('/app/external-link', { state: { url: 'https://example.com/press', title: 'Press' } })
    expect((await screen.findByTitle('Press')).getAttribute('src')).toBe('https://example.com/press')
    await router.navigate('/app/external-link')
    expect(await screen.findByText('home')).toBeTruthy()
  })
})
