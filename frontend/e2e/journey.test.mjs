// The main journey, once at desktop size and once as the Android wrapper at 390×844:
// sign up → confirm the e-mail from the sandbox mail → log out → log in → browse a category → search → open an asset → log out.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, onBase, screenshot, uniqueEmail, waitForMailLink } from './helpers.mjs'

const PASSWORD = 'Collect1ble!'
const CONFIRM_LINK = /https?:\/\/[^\s"'<>]+\/email\/confirm\?key=[^\s"'<>]+/

for (const variant of [DESKTOP, ANDROID]) {
  test(`journey (${variant.name})`, { timeout: 240_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    const appNames = new Set()
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) appNames.add(request.headers()['x-app-name'])
    })
    const shot = (step) => screenshot(page, variant, step)
    const email = uniqueEmail(`e2e-${variant.name}`)

    // sign up
    await page.goto(`${BASE_URL}/signup`)
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await shot('01-signup')
    await page.getByRole('button', { name: 'Create Account' }).click()
    const popup = page.getByRole('alertdialog')
    await popup.getByRole('heading', { name: 'Verify your e-mail' }).waitFor()
    await shot('02-verify-popup')
    await popup.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL('**/app/tour')
    assert.equal(await page.evaluate(() => localStorage.getItem('firstLaunch')), 'true')
    assert.ok(await page.evaluate(() => localStorage.getItem('user_id')), 'user_id stored')

    // confirm the e-mail from the sandbox mail box
    const link = await waitForMailLink(email, CONFIRM_LINK)
    await page.goto(onBase(link))
    await page.getByTestId('email-confirmed').waitFor()
    await shot('03-email-confirmed')

    // log out
    await page.getByRole('link', { name: 'Continue to Vitrine' }).click()
    await page.waitForURL('**/app/home')
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click()
    await page.waitForURL('**/login')
    assert.equal(await page.evaluate(() => localStorage.getItem('user_id')), null)

    // log in
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/app/home')
    await page.getByTestId('header-email').filter({ hasText: email }).waitFor()
    await page.getByTestId('category-tile').first().waitFor()
    await shot('04-home')
    // the login page while logged in goes to home
    await page.goto(`${BASE_URL}/login`)
    await page.waitForURL('**/app/home')
    await page.getByTestId('category-tile').first().waitFor()

    // browse a category that has assets (a tile shows its count once the asset list has loaded)
    await page.getByTestId('category-count').first().waitFor()
    const counted = page.getByTestId('category-tile').filter({ has: page.getByTestId('category-count').filter({ hasText: /^[1-9]\d* assets?$/ }) })
    assert.ok((await counted.count()) >= 1, 'a category with assets')
    await counted.first().click()
    await page.waitForURL(/\/app\/assets\/[^/]+$/)
    const items = page.getByTestId('asset-item')
    await items.first().waitFor()
    await shot('05-category')
    if (variant === ANDROID) {
      await page.getByRole('button', { name: 'List view' }).click()
      await shot('05b-category-list')
    }

    // search for an openable asset by its ticker
    const tickers = await page.locator('[data-testid="asset-item"]:not([aria-disabled="true"])').evaluateAll((els) => els.map((el) => el.getAttribute('data-ticker')))
    const ticker = tickers.find(Boolean)
    assert.ok(ticker, 'an openable asset in the category')
    const term = ticker.replace(/#/g, '').slice(0, 4)
    const search = page.getByRole('searchbox', { name: 'Search assets' })
    await search.fill(term.slice(0, 2))
    await page.getByTestId('search-count').filter({ hasText: 'no results' }).waitFor()
    await search.fill(term)
    const countText = await page.getByTestId('search-count').filter({ hasText: /^\d+ results?$/ }).innerText()
    assert.ok(Number.parseInt(countText, 10) >= 1, `count shown: ${countText}`)
    await shot('06-search')

    // open the asset
    const result = page.locator('[data-testid="search-result"]:not([aria-disabled="true"])').filter({ hasText: ticker }).first()
    await result.click()
    await page.getByTestId('asset-detail').waitFor()
    assert.match(page.url(), new RegExp(`/app/assets/[^/]+/${ticker.replace(/#/g, '')}$`, 'i'))
    assert.equal((await page.getByTestId('asset-ticker').innerText()).trim(), ticker)
    await page.getByTestId('status-line').first().waitFor()
    if (variant === ANDROID) assert.equal(await page.getByTestId('bottom-nav').count(), 0, 'no bottom navigation on an asset page')
    await shot('07-asset')

    // log out
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click()
    await page.waitForURL('**/login')
    await shot('08-logged-out')
    await page.goto(`${BASE_URL}/app/home`)
    await page.waitForURL('**/login')

    // another authentication page while logged in logs out first
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/app/home')
    await page.goto(`${BASE_URL}/signup`)
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor()
    assert.equal(await page.evaluate(() => localStorage.getItem('user_id')), null)

    const expected = variant === ANDROID ? 'android' : 'web'
    assert.deepEqual([...appNames], [expected], `X-App-Name sent: ${[...appNames].join(', ')}`)
    assert.deepEqual(problems, [])
  })
}
