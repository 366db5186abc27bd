// The investor's own pages at desktop size and as the Android wrapper at 390×844, for the seeded demo investor:
// My Portfolio's holdings valued with their gain or loss, the Statements screen with last month's statement (made by
// the Statements workflow when the worker started), Settings (personal information saved; the password change's
// messages on their fields — the demo's password is never changed), the investments calendar's two tabs, and the
// legal pages.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- bash -c "cd frontend && node --test e2e/account-pages.test.mjs"
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'
import { INSTRUMENT, logIn } from './trading-helpers.mjs'

const money = (text) => Number(text.replace(/[^\d.-]/g, ''))

for (const variant of [DESKTOP, ANDROID]) {
  test(`My Portfolio's holdings and last month's statement (${variant.name})`, { timeout: 180_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await logIn(page, 'demo@vitrine.test')

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
    await logIn(page, 'demo@vitrine.test')

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

  test(`the investments calendar's tabs and the legal pages (${variant.name})`, { timeout: 120_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await logIn(page, 'demo@vitrine.test')

    await page.goto(`${BASE_URL}/app/investments-calendar`)
    await page.getByTestId('calendar-io-available').waitFor({ timeout: 30_000 })
    await page.getByTestId('tab-trading').click()
    await page.getByTestId('calendar-live').waitFor()
    await page.getByTestId('calendar-post-only').waitFor()
    const listed = await page.locator('[data-testid="calendar-live"] [data-testid="asset-item"], [data-testid="calendar-post-only"] [data-testid="asset-item"]').count()
    assert.ok(listed > 0, 'the traded demo assets are live or taking orders')
    await screenshot(page, variant, 'calendar')

    await page.goto(`${BASE_URL}/app/privacy`)
    await page.getByRole('heading', { level: 1, name: 'PRIVACY POLICY' }).waitFor()
    assert.match(await page.locator('main').innerText(), /arbitration under the laws of the State of New York/)
    await page.goto(`${BASE_URL}/app/contact`)
    await page.getByTestId('support-phone').waitFor()
  })
}
