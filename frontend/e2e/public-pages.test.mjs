// Public pages without an account: validation messages, guards and redirects.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'

test('public pages', { timeout: 120_000 }, async (t) => {
  const { page, problems, close } = await launch(DESKTOP)
  t.after(close)

  // logged-out visitors are sent to the login page
  await page.goto(`${BASE_URL}/app/investments`)
  await page.waitForURL('**/login')

  // login validation and a refused login
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByText('Enter a valid email address').waitFor()
  await page.getByText('Enter a password').waitFor()
  await page.getByLabel('E-mail').fill('nobody.here@example.com')
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByTestId('form-error').waitFor()
  assert.ok((await page.getByTestId('form-error').innerText()).length > 0)
  await screenshot(page, DESKTOP, 'public-login-error')

  // password reset: Send Link only for a valid e-mail, then the check-your-email message
  await page.getByRole('link', { name: 'Forgot Password?' }).click()
  await page.waitForURL('**/password-reset')
  const send = page.getByRole('button', { name: 'Send Link' })
  assert.equal(await send.isDisabled(), true)
  await page.getByLabel('E-mail').fill('someone@example.com')
  assert.equal(await send.isDisabled(), false)
  await send.click()
  await page.getByTestId('reset-sent').waitFor()
  await page.getByRole('button', { name: 'Okay' }).click()
  await page.waitForURL('**/login')

  // new password rules
  await page.goto(`${BASE_URL}/new-password?uid=abc&token=def`)
  await page.getByRole('button', { name: 'Save password' }).click()
  await page.getByText('Please fill in password fields').first().waitFor()
  await page.getByLabel('New password', { exact: true }).fill('Abcdefg1')
  await page.getByLabel('Confirm new password').fill('Abcdefg2')
  await page.getByRole('button', { name: 'Save password' }).click()
  await page.getByText('Passwords should match').waitFor()

  // a bad confirmation key shows the server's message
  await page.goto(`${BASE_URL}/email/confirm?key=not-a-real-key`)
  await page.getByTestId('email-confirm-failed').waitFor()

  // the signing callback outside a frame goes to / (then /login)
  await page.goto(`${BASE_URL}/dcsigncllbck?event=signing_complete`)
  await page.waitForURL('**/login')

  assert.deepEqual(problems, [])
})
