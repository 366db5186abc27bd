// @vitest-environment happy-dom
/**
 * The Statements screen as a person meets it: each list's count, the names without the word Statement, a document
 * opened in a new tab at its signed address, the info popups, disabled lists while loading or empty, and a failed
 * read shown as an empty list.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { json, loggedInEachTest, renderApp, stubApi, type Answer } from '../../testing/render'
import { StatementsPage } from './StatementsPage'

const USER = 7
const STATEMENTS = `GET /api/users/${USER}/financials/forms/statements`
const TAX = `GET /api/users/${USER}/financials/forms/taxforms`

function answers(over: Record<string, Answer | Answer[]> = {}): Record<string, Answer | Answer[]> {
  return {
    [STATEMENTS]: () => json([
      { fileKey: 'k-nov', displayName: 'November 2026 Statement' },
      { fileKey: 'k-oct', displayName: 'October 2026 Statement' },
    ]),
    [TAX]: () => json([]),
    [`GET /api/users/${USER}/financials/forms/statements/k-oct`]: () => json({ url: '/api/financial-documents/k-oct.1790000000.aaaaaaaa' }),
    ...over,
  }
}

const render = () => renderApp([{ path: '/app/investments/statements', element: <StatementsPage /> }], '/app/investments/statements')
const section = (kind: string) => screen.getByTestId(`forms-${kind}`)
const trigger = (name: string) => screen.getByRole('button', { name })

loggedInEachTest(USER)
afterEach(() => vi.restoreAllMocks())

describe('Statements', () => {
  it('counts each list, names the documents without the word Statement and opens one in a new tab', async () => {
    stubApi(answers())
    render()
    await within(section('statements')).findByText('(2) available Account Statements')
    expect(within(section('taxforms')).getByText('No current Tax Documents')).toBeTruthy()
    expect(trigger('Tax Documents').hasAttribute('disabled')).toBe(true)
    expect(trigger('Account Statements').hasAttribute('disabled')).toBe(false)

    fireEvent.click(trigger('Account Statements'))
    const link = await screen.findByRole('link', { name: /October 2026/ })
    expect(link.textContent?.trim()).toBe('October 2026')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('link', { name: /November 2026/ })).toBeTruthy()

    const tab = { location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    fireEvent.click(link)
    expect(open).toHaveBeenCalledWith('', '_blank')
    await waitFor(() => expect(tab.location.href).toBe('/api/financial-documents/k-oct.1790000000.aaaaaaaa'))
  })

  it('explains each list in an info popup', async () => {
    stubApi(answers())
    render()
    fireEvent.click(screen.getByRole('button', { name: 'About Account Statements' }))
    expect(await screen.findByText(/typically available by the first week of the month/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'About Tax Documents' }))
    expect(await screen.findByText(/available in March of the following year if you sold shares/)).toBeTruthy()
  })

  it('shows a failed read as an empty list, disabled', async () => {
    stubApi(answers({ [STATEMENTS]: () => json({ errors: [{ message: 'boom' }] }, 500) }))
    render()
    await within(section('statements')).findByText('No current Account Statements')
    expect(trigger('Account Statements').hasAttribute('disabled')).toBe(true)
    expect(within(section('statements')).queryByRole('link')).toBeNull()
  })

  it('keeps a list disabled while it loads', async () => {
    let release: (r: Response) => void = () => {}
    stubApi(answers({ [STATEMENTS]: () => new Promise<Response>((resolve) => (release = resolve)) }))
    render()
    expect(await within(section('statements')).findByText('Loading…')).toBeTruthy()
    expect(trigger('Account Statements').hasAttribute('disabled')).toBe(true)
    release(json([{ fileKey: 'k', displayName: 'May 2026 Statement' }]))
    await within(section('statements')).findByText('(1) available Account Statement')
    expect(trigger('Account Statements').hasAttribute('disabled')).toBe(false)
  })
})
