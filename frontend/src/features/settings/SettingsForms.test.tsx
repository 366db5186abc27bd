// @vitest-environment happy-dom
/**
 * The settings page's password and e-mail changes as a person meets them: the spec's messages on the fields before
 * anything is sent, the server's wrong-password answer on its field, the new token kept (this browser stays logged
 * in), and the e-mail change's two popups.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { session } from '../../app/session/sessionStore'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { ChangeEmailForm } from './ChangeEmailForm'
import { ChangePasswordForm } from './ChangePasswordForm'

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

describe('ChangePasswordForm', () => {
  loggedInEachTest()

  it("shows the spec's messages on the fields and sends nothing", async () => {
    const seen = stubApi({})
    renderApp([{ path: '/app/settings', element: <ChangePasswordForm /> }], '/app/settings')
    fill('New password', 'lowercase1')
    fireEvent.click(screen.getByTestId('save-password'))
    expect(await screen.findByText('Current password is required')).toBeTruthy()
    expect(screen.getByText('One uppercase character is required')).toBeTruthy()
    expect(screen.getByText('Confirm password is required')).toBeTruthy()
    expect(seen).toEqual([])
  })

  it('puts a wrong current password on its field, then keeps the new token once saved', async () => {
    const wrong = 'Oops - Something went wrong. Please verify your password and try again.'
    stubApi({
      'POST /api/auth/password/change/': [
        () => json({ errors: [{ message: wrong, field: 'old_password' }] }, 422),
        () => json({ detail: 'New password has been saved.', token: 'new-token' }),
      ],
    })
    renderApp([{ path: '/app/settings', element: <ChangePasswordForm /> }], '/app/settings')
    fill('Current password', 'Guess1234')
    fill('New password', 'NewPass123')
    fill('Confirm new password', 'NewPass123')
    fireEvent.click(screen.getByTestId('save-password'))
    expect(await screen.findByText(wrong)).toBeTruthy()
    expect(session.get().token).toBe('test-token')

    fill('Current password', 'OldPass123')
    fireEvent.click(screen.getByTestId('save-password'))
    expect(await screen.findByText('Password changed')).toBeTruthy()
    await waitFor(() => expect(session.get().token).toBe('new-token'))
  })

  it("says 'Oops - Something went wrong. Please try again.' when the save fails otherwise", async () => {
    stubApi({ 'POST /api/auth/password/change/': () => json({ errors: [{ message: 'boom' }] }, 500) })
    renderApp([{ path: '/app/settings', element: <ChangePasswordForm /> }], '/app/settings')
    fill('Current password', 'OldPass123')
    fill('New password', 'NewPass123')
    fill('Confirm new password', 'NewPass123')
    fireEvent.click(screen.getByTestId('save-password'))
    expect(await screen.findByText('Oops - Something went wrong. Please try again.')).toBeTruthy()
  })
})

describe('ChangeEmailForm', () => {
  loggedInEachTest()

  it("asks to verify the new address once requested", async () => {
    stubApi({ 'POST /api/auth/change-email/': () => json({ detail: 'Please verify your new e-mail address: we sent a link to new@example.com.' }) })
    renderApp([{ path: '/app/settings', element: <ChangeEmailForm /> }], '/app/settings')
    fill('New e-mail', 'new@example.com')
    fill('Current password', 'OldPass123')
    fireEvent.click(screen.getByTestId('save-email'))
    expect(await screen.findByText('Please Verify Your Email')).toBeTruthy()
    expect(screen.getByText(/we sent a link to new@example.com/)).toBeTruthy()
  })

  it("shows 'Sorry, an error occurred' with the error, and field errors on their fields", async () => {
    stubApi({
      'POST /api/auth/change-email/': [
        () => json({ errors: [{ message: 'A user is already registered with this e-mail address.', field: 'email' }] }, 422),
        () => json({ errors: [{ message: 'Something went wrong. Please, try again later.' }] }, 503),
      ],
    })
    renderApp([{ path: '/app/settings', element: <ChangeEmailForm /> }], '/app/settings')
    fill('New e-mail', 'taken@example.com')
    fill('Current password', 'OldPass123')
    fireEvent.click(screen.getByTestId('save-email'))
    expect(await screen.findByText('A user is already registered with this e-mail address.')).toBeTruthy()
    fireEvent.click(screen.getByTestId('save-email'))
    expect(await screen.findByText('Sorry, an error occurred', {}, { timeout: 5000 })).toBeTruthy()
  })
})
