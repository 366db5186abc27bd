// @vitest-environment happy-dom
/** The e-mail confirmation link: sent once (React's StrictMode mounts the page twice), then confirmed or the reason. */
import { cleanup, screen, within } from '@testing-library/react'
import { StrictMode, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, renderApp, stubApi } from '../../testing/render'
import { EmailConfirmPage } from './EmailConfirmPage'

const routes = [
  { path: '/email/confirm', element: <EmailConfirmPage /> },
  { path: '/login', element: <p>login</p> },
]
const strict = (children: ReactNode) => <StrictMode>{children}</StrictMode>

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('EmailConfirmPage', () => {
  it('sends the key once and says which address is confirmed', async () => {
    const bodies: unknown[] = []
    const seen = stubApi({
      'POST /api/auth/email/confirm/': async (request) => {
        bodies.push(await request.json())
        return json({ email: 'ada@example.com' })
      },
    })
    renderApp(routes, '/email/confirm?key=abc', strict)
    expect(await screen.findByText('ada@example.com')).toBeTruthy()
    expect(within(screen.getByTestId('email-confirmed')).getByRole('link', { name: 'Log in' })).toBeTruthy()
    expect(seen).toEqual(['POST /api/auth/email/confirm/'])
    expect(bodies).toEqual([{ key: 'abc' }])
  })

  it("shows the server's reason when the link cannot be confirmed", async () => {
    stubApi({ 'POST /api/auth/email/confirm/': () => json({ errors: [{ message: 'This link has expired.' }] }, 400) })
    renderApp(routes, '/email/confirm?key=old', strict)
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired.')
  })

  it('sends nothing for a link without its key', async () => {
    const seen = stubApi({})
    renderApp(routes, '/email/confirm', strict)
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is incomplete.')
    expect(seen).toEqual([])
  })
})
