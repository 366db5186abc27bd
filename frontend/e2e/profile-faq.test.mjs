// The profile update and the FAQ page, at desktop size and as the Android wrapper at 390×844. An investor of the
// test's own (signed up and signed in through the api, nothing in the profile yet) opens the profile update from
// Settings, is told what is missing, fills name-phone-info, date-of-birth and home-address, checks the confirmation
// screen (axe-core: no serious or critical WCAG 2 A/AA violation), confirms, and is back on Settings, which — like
// the user read — shows the new details; the menu's Faqs opens /faq in a new tab. /faq loads logged out too, with its
// heading and its privacy section (the onboarding intro's link).
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- bash -c "cd frontend && node --test e2e/profile-faq.test.mjs"
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, assertNoSeriousA11yViolations, launch, registerThroughApi, screenshot, uniqueEmail } from './helpers.mjs'
import { apiGet, signIn } from './trading-helpers.mjs'

const PASSWORD = 'Collect1ble!'

/** The profile update's screen `step` (its rendered step), with its heading. */
async function atScreen(page, step, heading) {
  await page.waitForURL(`**/app/profile-update/${step}`)
  await page.locator(`[data-testid="profile-update-step"][data-step="${step}"]`).waitFor()
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

const next = (page) => page.getByRole('button', { name: 'Continue' }).click()

for (const variant of [DESKTOP, ANDROID]) {
  test(`profile update: the three screens confirmed, Settings and the user read show them; Faqs in a new tab (${variant.name})`, { timeout: 120_000 }, async (t) => {
    const email = uniqueEmail(`profile-${variant.name}`)
    await registerThroughApi(email, PASSWORD)
    const { context, page, problems, close } = await launch(variant)
    t.after(close)
    const last = `Hopper-${variant.name}`

    await signIn(page, email, PASSWORD) // the login page's own tests: home, app-start, account-pages, special-access
    await page.goto(`${BASE_URL}/app/settings`)
    await page.getByTestId('profile-completion').waitFor({ timeout: 30_000 })
    await page.getByTestId('profile-update-link').click()

    // an empty profile: the onboarding's own messages, nothing sent
    await atScreen(page, 'name-phone-info', 'Your Name and Phone')
    await next(page)
    await page.getByText('First name is required', { exact: true }).waitFor()
    await page.getByText('Phone number must have 10 to 11 digits', { exact: true }).waitFor()
    await page.getByLabel('First name').fill('Grace')
    await page.getByLabel('Last name').fill(last)
    await page.getByLabel('Phone number').fill('6465550134')
    assert.equal(await page.getByLabel('Phone number').inputValue(), '(646) 555-0134')
    await screenshot(page, variant, 'profile-update-name-phone')
    await next(page)

    await atScreen(page, 'date-of-birth', 'Date of Birth')
    await page.getByLabel('Date of birth').pressSequentially('12091966')
    await next(page)

    await atScreen(page, 'home-address', 'Home Address')
    await page.getByLabel('Address', { exact: true }).fill('1 Harbor Rd')
    await page.getByLabel('City').fill('Arlington')
    await page.getByLabel('State').selectOption('VA')
    await page.getByLabel('ZIP code').fill('22202')
    await next(page)

    await atScreen(page, 'profile-confirmation', 'Confirm Your Profile')
    assert.match(await page.getByTestId('profile-value-first_name').innerText(), /Grace/)
    assert.match(await page.getByTestId('profile-value-state').innerText(), /Virginia/)
    await assertNoSeriousA11yViolations(page, 'the profile confirmation')
    await screenshot(page, variant, 'profile-update-confirmation')
    await page.getByRole('button', { name: 'Confirm' }).click()
    const saved = page.getByRole('alertdialog').filter({ hasText: 'Profile updated' })
    await saved.waitFor({ timeout: 30_000 })
    await saved.getByRole('button', { name: 'OK' }).click()
    await page.waitForURL('**/app/settings')

    await page.reload()
    await page.getByTestId('profile-completion').waitFor({ timeout: 30_000 })
    assert.equal(await page.getByLabel('First name').inputValue(), 'Grace')
    assert.equal(await page.getByLabel('Last name').inputValue(), last)
    assert.equal(await page.getByLabel('City').inputValue(), 'Arlington')
    const me = await apiGet(page, '/api/auth/user/')
    assert.equal(me.status, 200)
    assert.deepEqual([me.body.first_name, me.body.last_name], ['Grace', last])

    // the menu's Faqs: the app's own page, in a new tab
    await page.getByRole('button', { name: 'Open menu' }).click()
    const [faq] = await Promise.all([context.waitForEvent('page'), page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /Faqs/ }).click()])
    await faq.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor({ timeout: 30_000 })
    assert.equal(new URL(faq.url()).pathname, '/faq')
    assert.deepEqual(problems, [])
  })

  test(`/faq logged out: its heading and the privacy section (${variant.name})`, { timeout: 60_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    await page.goto(`${BASE_URL}/faq#privacy`)
    await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor({ timeout: 30_000 })
    assert.match(page.url(), /\/faq#privacy$/, 'a logged-out visitor stays on the page')
    await page.getByRole('heading', { level: 2, name: 'Privacy' }).waitFor()
    await page.getByRole('link', { name: 'Log in' }).waitFor()
    await assertNoSeriousA11yViolations(page, 'the FAQ page')
    await screenshot(page, variant, 'faq')
    assert.deepEqual(problems, [])
  })
}
