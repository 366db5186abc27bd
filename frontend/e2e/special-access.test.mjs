// Special-access (early access) mode: the first label of the host name is "early".
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { BASE_URL, DESKTOP, launch, screenshot, uniqueEmail } from './helpers.mjs'

const EARLY_URL = (() => {
  const url = new URL(BASE_URL)
  url.hostname = 'early.localhost' // Chromium resolves *.localhost to the loopback address
  return url.origin
})()
const EARLY_USER = process.env.E2E_EARLY_EMAIL || 'early@vitrine.test'
const EARLY_PASSWORD = process.env.E2E_EARLY_PASSWORD || 'Vitrine2026!'

async function logIn(page, email, password) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

test('special-access mode: no sign-up; a user without access is refused', { timeout: 120_000 }, async (t) => {
  const { page, problems, close } = await launch(DESKTOP)
  t.after(close)

  await page.goto(`${EARLY_URL}/signup`)
  await page.waitForURL('**/login')
  assert.equal(await page.getByRole('link', { name: 'Sign Up' }).count(), 0)

  const email = uniqueEmail('e2e-no-access')
  const registered = await fetch(`${BASE_URL}/api/auth/registration/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-App-Name': 'web', 'X-App-Version': '2.12.0' },
    body: JSON.stringify({ email, password: EARLY_PASSWORD, referral_code: '' }),
  })
  assert.equal(registered.status, 201)
  await logIn(page, email, EARLY_PASSWORD)
  await page.getByText('Sorry, you are not authorized for early access at this time.').waitFor()
  assert.match(page.url(), /\/login$/)
  await screenshot(page, DESKTOP, 'special-no-access')
  assert.deepEqual(problems, [])
})

test('special-access mode: an early-access user sees only their assets and the reduced menu', { timeout: 120_000 }, async (t) => {
  const { page, problems, close } = await launch(DESKTOP)
  t.after(close)

  await page.goto(`${EARLY_URL}/login`)
  await logIn(page, EARLY_USER, EARLY_PASSWORD)
  const refused = page.getByText('Enter a valid email address')
  await Promise.race([page.waitForURL('**/app/assets'), refused.waitFor()])
  assert.equal(await refused.count(), 0, `the demo address ${EARLY_USER} does not pass the spec's e-mail rule (top-level domain of 2-4 letters), so it cannot log in through the app`)
  await page.getByTestId('asset-item').first().waitFor()
  const shown = await page.getByTestId('asset-item').count()
  assert.ok(shown >= 1 && shown <= 4, `special-access assets shown: ${shown}`)
  // the free-share splash (its counter starts at 1) shows once; closing it counts it down
  const splash = page.getByTestId('special-access-modal')
  await splash.getByRole('heading', { name: 'Your Free Share' }).waitFor()
  await screenshot(page, DESKTOP, 'special-splash')
  await splash.getByRole('button', { name: 'Not now' }).click()
  await splash.waitFor({ state: 'hidden' })
  const counters = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('specialAccessPopup:')).map((k) => [k.split(':')[2], localStorage.getItem(k)]))
  assert.deepEqual(counters, [['free_share_program', '0']])
  await screenshot(page, DESKTOP, 'special-assets')

  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('navigation', { name: 'Main menu' })
  await menu.waitFor()
  const labels = (await menu.locator(':scope > ul > li > a, :scope > ul > li > div > button').allInnerTexts()).map((s) => s.trim())
  assert.deepEqual(labels, ['Home', 'Categories', 'Contact', 'Logout'])
  await page.keyboard.press('Escape')

  // routes outside the special-access set fall back to the assets
  await page.goto(`${EARLY_URL}/app/investments`)
  await page.waitForURL('**/app/assets')
  await page.goto(`${EARLY_URL}/app/logout`)
  await page.waitForURL('**/login')
  assert.deepEqual(problems, [])
})
