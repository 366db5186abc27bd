// @vitest-environment happy-dom
/**
 * The header's notices bell as a person meets it: the unread count on the bell and in its accessible name, the
 * newest notice first, opening it (by click or keyboard) marks what it shows read, a notice leads to its asset's
 * page, and an empty list says how to get notices.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Notice } from '../../api/notices'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { badgeText, bellLabel, NoticesBell } from './NoticesBell'

loggedInEachTest(7)

function notice(id: number, title: string, read = false): Notice {
  return {
    id, asset_id: 40 + id, event: 'offering-open', title, body: `${title}.`, path: `/app/assets/cars/T${id}`,
    created_at: '2026-11-28T10:00:00Z', read_at: read ? '2026-11-28T11:00:00Z' : null,
  }
}

const TWO = { items: [notice(2, '#T2 is now open for trading'), notice(1, '#T1 is now open for investment')], unread: 2 }
const READ = { items: TWO.items.map((n) => ({ ...n, read_at: '2026-11-28T12:00:00Z' })), unread: 0 }

function render() {
  return renderApp(
    [
      { path: '/app/home', element: <NoticesBell /> },
      { path: '/app/assets/cars/:ticker', element: <p>asset page</p> },
    ],
    '/app/home',
  )
}

describe('NoticesBell', () => {
  it('shows the unread count, marks the shown notices read when opened and leads to the asset', async () => {
    const bodies: unknown[] = []
    const seen = stubApi({
      'GET /api/notifications/': () => json(TWO),
      'POST /api/notifications/read/': async (r) => {
        bodies.push(await r.json())
        return json(READ)
      },
    })
    const { router } = render()
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    expect(screen.getByTestId('notices-unread').textContent).toBe('2')

    fireEvent.click(bell)
    const items = await screen.findAllByTestId('notice-item')
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('#T2 is now open for trading'),
      expect.stringContaining('#T1 is now open for investment'),
    ])
    await waitFor(() => expect(bodies).toEqual([{ up_to: 2 }]))  // the newest the list showed
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy()
    expect(screen.queryByTestId('notices-unread')).toBeNull()

    fireEvent.click(screen.getByRole('menuitem', { name: /#T1 is now open for investment/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/assets/cars/T1'))
    expect(seen.filter((s) => s === 'POST /api/notifications/read/')).toHaveLength(1)
  })

  it('opens from the keyboard and closes with Escape; nothing unread marks nothing', async () => {
    const seen = stubApi({ 'GET /api/notifications/': () => json(READ) })
    render()
    const bell = await screen.findByRole('button', { name: 'Notifications' })
    bell.focus()
    fireEvent.keyDown(bell, { key: 'Enter' })
    expect(await screen.findByRole('menu')).toBeTruthy()
    expect((await screen.findAllByRole('menuitem')).length).toBe(2)
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' })
    await waitFor(() => expect(bell.getAttribute('aria-expanded')).toBe('false'))
    expect(seen).not.toContain('POST /api/notifications/read/')
  })

  it('says how to get notices while there are none', async () => {
    stubApi({ 'GET /api/notifications/': () => json({ items: [], unread: 0 }) })
    render()
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy()
  })

  it('names the count for screen readers and caps the badge', () => {
    expect(bellLabel(0)).toBe('Notifications')
    expect(bellLabel(3)).toBe('Notifications, 3 unread')
    expect(badgeText(4)).toBe('4')
    expect(badgeText(12)).toBe('9+')
  })
})
