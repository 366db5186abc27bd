// What the app opens with (spec doc 1 "App start-up", doc 3 §4.6, doc 2 §2.6), at desktop size and as the Android
// wrapper at 390×844:
// - the trading-approved popup: an investor of the test's own (signed up through the api) whose state allows trading
//   but not offerings (WA: closed to offerings on the e2e stack, scripts/stack.py) sees it once the app has read them —
//   the shell mounts before the user is loaded; Continue goes to the onboarding, and the popup never shows again;
// - the introduction to instant trading (/app/ats) with the atsCards flag on, as `make dev` runs (VITRINE_ATS_CARDS=1;
//   the e2e stack keeps doc 1's default 0, so this test turns the flag on in the home screen's answer the browser
//   gets): home opens it by itself at start-up, its three cards lead back home with Explore and it does not open by
//   itself again that day; home's link, the menu's item and the route typed open it; with the flag off the route
//   typed goes home.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- bash -c "cd frontend && node --test e2e/app-start.test.mjs"
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, registerThroughApi, screenshot, uniqueEmail } from './helpers.mjs'
import { logIn } from './trading-helpers.mjs'

const PASSWORD = 'Collect1ble!'

/** The investor's personal information through the api as the signed-in user (the settings page's write). */
async function movedTo(page, state) {
  const answer = await page.evaluate(async (state) => {
    const id = localStorage.getItem('user_id')
    const response = await fetch(`/api/users/${id}/personal-information`, {
      method: 'PUT',
      headers: { Authorization: `JWT ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Wanda', last_name: 'Trader', address: '400 Broad St', city: 'Seattle', state, postal_code: '98109',
        date_of_birth: '03/14/1985', phone_number: '(555) 555-0199',
      }),
    })
    return { status: response.status, body: await response.text() }
  }, state)
  assert.equal(answer.status, 200, answer.body)
}

/** The home screen's answer as the browser gets it, with the atsCards flag on (make dev's setting). */
async function atsCardsOn(page) {
  await page.route('**/api/client-screens/home', async (route) => {
    const headers = { ...route.request().headers() }
    delete headers['if-none-match'] // a whole answer to change, never a 304
    const response = await route.fetch({ headers })
    const body = await response.json()
    body.features.atsCards = 1
    await route.fulfill({ status: response.status(), json: body, headers: { 'cache-control': 'no-store' } })
  })
}

/** The cards from the first to Explore; where Explore led. */
async function throughTheCards(page) {
  for (const card of ['live-trading', 'instant-buy', 'post-only']) {
    const shown = page.getByTestId(`ats-card-${card}`)
    await shown.waitFor({ timeout: 30_000 })
    await shown.getByRole('button', { name: card === 'post-only' ? 'Explore' : 'Continue' }).click()
  }
  await page.waitForURL('**/app/home')
}

for (const variant of [DESKTOP, ANDROID]) {
  test(`the trading-approved popup once the investor has loaded, never again once continued (${variant.name})`, { timeout: 120_000 }, async (t) => {
    const email = uniqueEmail(`approved-${variant.name}`)
    await registerThroughApi(email, PASSWORD)
    const { page, problems, trail, close } = await launch(variant)
    t.after(close)
    t.after(() => t.diagnostic(trail.join('\n')))

    await page.goto(`${BASE_URL}/login`)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/app/**')
    await movedTo(page, 'WA')

    // the app starts again: the shell is up before the investor is read
    await page.goto(`${BASE_URL}/app/home`)
    const popup = page.getByTestId('trading-approved')
    await popup.waitFor({ timeout: 30_000 })
    assert.match(await popup.innerText(), /You're approved for trading!/)
    await screenshot(page, variant, 'trading-approved')
    await popup.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL('**/app/onboarding**')
    assert.equal(await page.evaluate(() => localStorage.getItem('notifiedOnTradingApproved')), '1')

    await page.goto(`${BASE_URL}/app/home`)
    await page.getByTestId('header-email').filter({ hasText: email }).waitFor({ timeout: 30_000 }) // the investor is read
    await page.getByRole('heading', { name: 'Highlights' }).waitFor({ timeout: 30_000 })
    assert.equal(await popup.count(), 0, 'the popup shows once')
    assert.deepEqual(problems, [])
  })

  test(`the introduction to instant trading: at start-up from home, its link, the menu and the route typed (${variant.name})`, { timeout: 120_000 }, async (t) => {
    const { page, problems, trail, close } = await launch(variant)
    t.after(close)
    t.after(() => t.diagnostic(trail.join('\n')))
    await atsCardsOn(page)

    await logIn(page, 'demo@vitrine.test')
    await page.waitForURL('**/app/ats**', { timeout: 30_000 }) // home's start-up check opened it
    await page.getByTestId('ats-card-live-trading').waitFor()
    await screenshot(page, variant, 'ats-card')
    await throughTheCards(page)

    // home again: not by itself (shown today), but its link opens it
    const link = page.getByTestId('ats-link')
    await link.waitFor({ timeout: 30_000 })
    await link.click()
    await throughTheCards(page)

    // the menu's item (home stayed home: the start-up check does not open it again)
    await page.getByRole('button', { name: 'Open menu' }).click()
    assert.match(page.url(), /\/app\/home$/)
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Instant trading' }).click()
    await throughTheCards(page)

    // the route typed
    await page.goto(`${BASE_URL}/app/ats`)
    await throughTheCards(page)

    // the flag off (the stack's own answer): the route typed goes home, the menu has no item
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.goto(`${BASE_URL}/app/ats`)
    await page.waitForURL('**/app/home', { timeout: 30_000 })
    await page.getByTestId('calendar-link').waitFor({ timeout: 30_000 })
    assert.equal(await page.getByTestId('ats-link').count(), 0)
    assert.deepEqual(problems, [])
  })
}
