// The investor's own pages at desktop size and as the Android wrapper at 390×844, for the seeded demo investor:
// My Portfolio's holdings valued with their gain or loss, the Statements screen with last month's statement (made by
// the Statements workflow when the worker started), Settings (personal information saved; the password change's
// messages on their fields — the demo's password is never changed), a password changed through Settings by an investor
// of the test's own (signed up through the api) who then logs in with the new one and is refused with the old one,
// the investments calendar's two tabs (axe-core: no serious or critical WCAG 2 A/AA violation on either), and the
// legal pages.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- bash -c "cd frontend && node --test e2e/account-pages.test.mjs"
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, assertNoSeriousA11yViolations, launch, registerThroughApi, screenshot, uniqueEmail } from './helpers.mjs'
import { INSTRUMENT, signIn } from './trading-helpers.mjs'

const money = (text) => Number(text.replace(/[^\d.-]/g, ''))
const UNABLE_TO_LOGIN = 'Unable to login with provided credentials'

/** The login screen: e-mail and password submitted. */
async function submitLogin(page, email, password) {
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

for (const variant of [DESKTOP, ANDROID]) {
  test(`My Portfolio's holdings and last month's statement (${variant.name})`, { timeout: 180_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await signIn(page, 'demo@vitrine.test')

    await page.goto(`${BASE_URL}/app/investments`)
    const row = page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` })
    await row.waitFor({ timeout: 30_000 })
    assert.match(await row.getByTestId('position-shares').innerText(), /\d+ shares?/)
    assert.match(await row.getByTestId('position-gain-loss').innerText(), /(Gain|Loss|No change)/)
    assert.ok(money(await page.getByTestId('in-assets-amount').innerText()) > 0, 'In Assets values the shares held')
    await screenshot(page, variant, 'portfolio-holdings')

    await page.goto(`${BASE_URL}/app/investments/statements`)
    const statements = page.getByTestId('forms-statements')
    await statements.waitFor()
    // made once when the worker started: the screen shows it as soon as it exists
    await page.waitForFunction(() => {
      const trigger = document.querySelector('[data-testid="forms-statements"] button[aria-label]')
      return trigger !== null && !trigger.hasAttribute('disabled')
    }, undefined, { timeout: 90_000, polling: 1000 }).catch(async () => {
      await page.reload() // the list is read once per visit: read it again
      await page.waitForFunction(() => !document.querySelector('[data-testid="forms-statements"] button[aria-label]')?.hasAttribute('disabled'), undefined, { timeout: 60_000 })
    })
    await statements.getByRole('button').first().click()
    const link = statements.getByRole('link').first()
    await link.waitFor()
    assert.doesNotMatch(await link.innerText(), /Statement/, "'Statement' is removed from the names")
    await screenshot(page, variant, 'statements')
  })

  test(`Settings: personal information saved, the password change's messages on their fields (${variant.name})`, { timeout: 120_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await signIn(page, 'demo@vitrine.test')

    await page.goto(`${BASE_URL}/app/settings`)
    await page.getByTestId('profile-completion').waitFor({ timeout: 30_000 })
    const apt = `Suite ${variant.name === 'desktop' ? 5 : 6}`
    await page.getByLabel('Apt #').fill(apt)
    await page.getByLabel('Address', { exact: true }).fill('PO Box 12')
    await page.getByTestId('po-box-banner').waitFor()
    await page.getByTestId('save-personal-info').click()
    await page.getByText('PO Boxes are not permitted').first().waitFor()
    await page.getByLabel('Address', { exact: true }).fill('12 Main St')
    await page.getByTestId('save-personal-info').click()
    await page.getByText('Your personal information is saved.').waitFor({ timeout: 30_000 })
    await page.reload()
    await page.getByTestId('profile-completion').waitFor({ timeout: 30_000 })
    assert.equal(await page.getByLabel('Apt #').inputValue(), apt)
    assert.equal(await page.getByLabel('Address', { exact: true }).inputValue(), '12 Main St')

    await page.getByLabel('New password', { exact: true }).fill('lowercase1')
    await page.getByTestId('save-password').click()
    await page.getByText('Current password is required').waitFor()
    await page.getByText('One uppercase character is required').waitFor()
    await page.getByText('Confirm password is required').waitFor()
    await page.getByLabel('Current password').last().fill('Wrong-Guess1')
    await page.getByLabel('New password', { exact: true }).fill('NewPass123')
    await page.getByLabel('Confirm new password', { exact: true }).fill('NewPass123')
    await page.getByTestId('save-password').click()
    await page.getByText('Oops - Something went wrong. Please verify your password and try again.').waitFor({ timeout: 30_000 })
    await screenshot(page, variant, 'settings')
  })

  test(`Settings: the password changed, then the new one logs in and the old one is refused (${variant.name})`, { timeout: 120_000 }, async (t) => {
    // an investor of this test's own (the seeded ones' passwords are what the other tests log in with): set up through
    // the api's sign-up; the change itself goes through the screens
    const email = uniqueEmail(`password-${variant.name}`)
    const [oldPassword, newPassword] = ['Collect1ble!', 'Changed2Now!']
    await registerThroughApi(email, oldPassword)
    const { page, problems, close } = await launch(variant)
    t.after(close)

    await page.goto(`${BASE_URL}/login`)
    await submitLogin(page, email, oldPassword)
    await page.waitForURL('**/app/**')
    await page.goto(`${BASE_URL}/app/settings`)
    const form = page.getByRole('form', { name: 'Change password' })
    await form.getByLabel('Current password').fill(oldPassword)
    await form.getByLabel('New password', { exact: true }).fill(newPassword)
    await form.getByLabel('Confirm new password', { exact: true }).fill(newPassword)
    await form.getByTestId('save-password').click()
    const changed = page.getByRole('alertdialog').filter({ hasText: 'Password changed' })
    await changed.waitFor({ timeout: 30_000 })
    await changed.getByRole('button', { name: 'OK' }).click()
    await changed.waitFor({ state: 'detached' })
    // the answer's token is this browser's session now: still logged in
    await page.reload()
    await page.getByRole('form', { name: 'Change password' }).waitFor({ timeout: 30_000 })
    assert.match(page.url(), /\/app\/settings$/)

    // by keyboard: on the phone a pointer click at the page's foot was taken by the About panel above it while the
    // page still settled (CI, 27 Nov); the link and what it does are the same
    await page.getByRole('main').getByRole('link', { name: 'Log out' }).focus()
    await page.keyboard.press('Enter')
    await page.waitForURL('**/login')
    await submitLogin(page, email, oldPassword)
    await page.getByText(UNABLE_TO_LOGIN).waitFor({ timeout: 30_000 })
    assert.match(page.url(), /\/login$/, 'the old password is refused')
    await screenshot(page, variant, 'password-old-refused')

    await submitLogin(page, email, newPassword)
    await page.waitForURL('**/app/**')
    await page.getByTestId('header-email').filter({ hasText: email }).waitFor({ timeout: 30_000 })
    assert.deepEqual(problems, [])
  })

  test(`the investments calendar's tabs and the legal pages (${variant.name})`, { timeout: 120_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await signIn(page, 'demo@vitrine.test')

    await page.goto(`${BASE_URL}/app/investments-calendar`)
    await page.getByTestId('calendar-io-available').waitFor({ timeout: 30_000 })
    await assertNoSeriousA11yViolations(page, "the calendar's offerings tab")
    await page.getByTestId('tab-trading').click()
    await page.getByTestId('calendar-live').waitFor()
    await page.getByTestId('calendar-post-only').waitFor()
    const listed = await page.locator('[data-testid="calendar-live"] [data-testid="asset-item"], [data-testid="calendar-post-only"] [data-testid="asset-item"]').count()
    assert.ok(listed > 0, 'the traded demo assets are live or taking orders')
    await assertNoSeriousA11yViolations(page, "the calendar's trading tab")
    await screenshot(page, variant, 'calendar')

    await page.goto(`${BASE_URL}/app/privacy`)
    await page.getByRole('heading', { level: 1, name: 'PRIVACY POLICY' }).waitFor()
    assert.match(await page.locator('main').innerText(), /arbitration under the laws of the State of New York/)
    await page.goto(`${BASE_URL}/app/contact`)
    await page.getByTestId('support-phone').waitFor()
  })
}
