// Trading journeys through the order wizard (spec doc 3 §2.2, §4.3-§4.5, §5, §8), at desktop size and as the
// Android wrapper at 390×844, on the e2e stack's demo hours (40 s post-only, 80 s open, 40 s CONFIRMATION; no market
// maker moving the book, its seeded resting orders stay):
// - the asset page's Buy and Sell open /app/place-bid and /app/place-ask with the asset;
// - an ask more than 30% under the last traded price: the spec's message on the price field;
// - a limit bid placed, edited (new price) in the wizard from /app/orders, the new price in the queue, cancelled;
// - an instant buy while the window is open: 1 share at the low ask, the summary with the order id, My Portfolio;
// - two demo traders: one asks, the other bids the same price; at CONFIRMATION both confirm in the confirm-trade
//   popup; My Portfolio shows the buyer's new share and the seller's cash.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- bash -c "cd frontend && node --test e2e/trading-journeys.test.mjs"
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'
import { acknowledgeSummary, apiGet, ASSET_PATH, chooseCancel, dismissPostOnly, INSTRUMENT, logIn, press, readyToTrade, toSelect, userId, wizardAt } from './trading-helpers.mjs'

const OUT_OF_BOUNDS = 'Your Ask cannot be more than 30% lower than Last Traded Price. Please adjust your ask accordingly.'
const cents = (money) => Math.round(Number(String(money).replace(/[$,]/g, '')) * 100)
const dollars = (c) => (c / 100).toFixed(2)

/** The asset page's Buy or Sell (the disclosure accepted when asked) → the wizard for this asset. */
async function openWizard(page, side) {
  await page.goto(`${BASE_URL}${ASSET_PATH}`)
  await page.getByTestId('trade-buttons').waitFor({ timeout: 30_000 })
  await dismissPostOnly(page)
  const button = page.getByTestId(side === 'ASK' ? 'sell-button' : 'buy-button')
  await page.waitForFunction((id) => !document.querySelector(`[data-testid="${id}"]`)?.hasAttribute('disabled'), side === 'ASK' ? 'sell-button' : 'buy-button')
  await button.click()
  const disclosure = page.getByTestId('accept-disclosure')
  const path = side === 'ASK' ? '/app/place-ask' : '/app/place-bid'
  await Promise.race([disclosure.waitFor().then(() => disclosure.click()), page.waitForURL(`**${path}**`)])
  await page.waitForURL(new RegExp(`${path}(/[a-z-]+)?\\?asset=\\d+$`))
  const step = page.locator('[data-testid="flow-step"]')
  await step.waitFor({ timeout: 30_000 })
  if ((await step.getAttribute('data-step')) === 'summary') { // an earlier order's summary, never acknowledged
    await page.getByTestId('order-okay').click()
    await page.waitForURL('**/app/investments')
    return openWizard(page, side)
  }
  return Number(new URL(page.url()).searchParams.get('asset'))
}

/** Limit order terms on the select step. */
async function limitTerms(page, units, price) {
  const limitTab = page.getByTestId('tab-limit')
  if (await limitTab.count()) await limitTab.click()
  await page.getByTestId('field-units').fill(String(units))
  await page.getByTestId('field-unitPrice').fill(price)
  await page.getByTestId('field-unitPrice').blur()
}

/** From select: REVIEW → the review → PLACE → the summary (after the matching loader); returns the summary. */
async function placeFromSelect(page, label) {
  await press(page, 'REVIEW')
  await wizardAt(page, 'review')
  await page.getByTestId('place-order').getByText(label).waitFor()
  await page.getByTestId('place-order').click()
  const summary = page.getByTestId('order-summary')
  await summary.waitFor({ timeout: 60_000 })
  return summary
}

/** The book's best prices (cents) from /app/orders as the investor sees them. */
async function bestPrices(page) {
  await page.goto(`${BASE_URL}/app/orders?asset=${await assetIdOf(page)}`)
  await page.getByTestId('high-bid').waitFor({ timeout: 30_000 })
  const high = (await page.getByTestId('high-bid').innerText()).match(/\$([\d,]+\.\d{2})/)
  const low = (await page.getByTestId('low-ask').innerText()).match(/\$([\d,]+\.\d{2})/)
  return { highBid: high ? cents(high[1]) : null, lowAsk: low ? cents(low[1]) : null }
}

async function assetIdOf(page) {
  const catalogue = await apiGet(page, '/api/v2/assets/')
  const list = Array.isArray(catalogue.body) ? catalogue.body : catalogue.body?.results ?? catalogue.body?.data ?? []
  const asset = list.find((a) => a.ticker === `#${INSTRUMENT}`)
  return asset?.id ?? 3
}

/** My Portfolio's 'In Cash' (cents) and the shares held of the asset. */
async function portfolio(page) {
  await page.goto(`${BASE_URL}/app/investments`)
  await page.getByTestId('summary-in-cash').waitFor({ timeout: 30_000 })
  const cash = cents((await page.getByTestId('summary-in-cash').innerText()).match(/\$([\d,]+\.\d{2})/)[1])
  const row = page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` })
  await row.waitFor({ timeout: 30_000 })
  const shares = Number((await row.innerText()).match(/(\d+) shares?/)[1])
  return { cash, shares }
}

/** Waits (on the asset page's banner) until the window is open with at least `seconds` left before its close. */
async function openWithTime(page, seconds) {
  await page.goto(`${BASE_URL}${ASSET_PATH}`)
  await page.getByTestId('trade-buttons').waitFor({ timeout: 30_000 })
  await dismissPostOnly(page)
  const enough = async () =>
    page.waitForFunction((min) => {
      const t = document.querySelector('[data-testid="trading-countdown"]')?.textContent ?? ''
      const m = t.match(/^(?:(\d+):)?(\d+):(\d{2})$/)
      return m !== null && Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) >= min
    }, seconds, { timeout: 150_000, polling: 500 })
  await enough()
}

for (const variant of [DESKTOP, ANDROID]) {
  test(`the asset page's Buy and Sell open the wizard; an ask 30% under the last price is refused on its field (${variant.name})`, { timeout: 240_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await logIn(page, 'demo@vitrine.test')
    await readyToTrade(page)

    const bidAsset = await openWizard(page, 'BID')
    assert.match(page.url(), /\/app\/place-bid(\/[a-z-]+)?\?asset=\d+$/)
    await wizardAt(page, 'intro').catch(() => undefined)
    await page.getByTestId('order-asset').getByText(`#${INSTRUMENT}`).waitFor()

    const askAsset = await openWizard(page, 'ASK')
    assert.equal(askAsset, bidAsset)
    assert.match(page.url(), /\/app\/place-ask(\/[a-z-]+)?\?asset=\d+$/)
    await toSelect(page)
    await page.getByTestId('order-balances').getByText('Available to Sell').waitFor()
    // far under the last traded price (about $26): the server's check answers on the price field
    await limitTerms(page, 1, '1.00')
    await press(page, 'REVIEW')
    const field = page.getByTestId('field-unitPrice').locator('xpath=ancestor::*[@data-part="root"][1]')
    await field.getByText(OUT_OF_BOUNDS, { exact: true }).waitFor({ timeout: 20_000 })
    assert.equal(await page.getByTestId('field-unitPrice').getAttribute('aria-invalid'), 'true')
    await wizardAt(page, 'select-bid')
    await screenshot(page, variant, 'trading-ask-out-of-bounds')
  })

  test(`a limit bid edited in the wizard shows its new price, then is cancelled (${variant.name})`, { timeout: 400_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await logIn(page, 'demo@vitrine.test')
    await readyToTrade(page)

    await openWizard(page, 'BID')
    await toSelect(page)
    await limitTerms(page, 2, '1.10')
    const summary = await placeFromSelect(page, 'PLACE BID')
    assert.equal(await summary.getAttribute('data-result'), 'no-match')
    const txn = (await page.getByTestId('transaction-id').innerText()).trim()
    assert.match(txn, /^[0-9a-f]{8}$/)
    await page.getByTestId('order-okay').click() // the summary acknowledged: the next Buy is a new order
    await page.waitForURL('**/app/investments')

    // /app/orders: Edit → Edit Order → 'Attempt to Edit?' → "Yes, Let's try" → the wizard with the order
    await page.goto(`${BASE_URL}/app/orders?asset=${await assetIdOf(page)}`)
    const row = page.getByTestId('queue-order').filter({ has: page.getByRole('button', { name: `Edit or cancel order ${txn}` }) })
    await row.waitFor({ timeout: 30_000 })
    assert.match(await row.innerText(), /Bid · 2 × \$1\.10/)
    await row.getByRole('button', { name: /^Edit or cancel/ }).click()
    await page.getByTestId('order-chooser').getByRole('button', { name: 'Edit Order' }).click()
    await page.getByText('Attempt to Edit?').waitFor()
    await page.getByRole('button', { name: "Yes, Let's try" }).click()
    await page.waitForURL(/\/app\/place-bid(\/[a-z-]+)?\?asset=\d+&order=[0-9a-f-]{36}$/)
    await wizardAt(page, 'intro', 'Edit Your Order')
    await toSelect(page)
    assert.equal(await page.getByTestId('field-unitPrice').inputValue(), '1.10')
    assert.equal(await page.getByTestId('field-units').inputValue(), '2')
    await page.getByTestId('field-unitPrice').fill('1.25')
    await page.getByTestId('field-unitPrice').blur()
    await placeFromSelect(page, 'SUBMIT EDIT')
    await screenshot(page, variant, 'trading-edit-summary')
    await page.getByTestId('order-okay').click()
    await page.waitForURL('**/app/investments')

    await page.goto(`${BASE_URL}/app/orders?asset=${await assetIdOf(page)}`)
    await row.waitFor({ timeout: 30_000 })
    await row.getByText(/Bid · 2 × \$1\.25/).waitFor({ timeout: 30_000 })
    // cancelled again: nothing of this test stays in the book
    await row.getByRole('button', { name: /^Edit or cancel/ }).click()
    await chooseCancel(page)
    await page.getByRole('button', { name: "Yes, Let's try" }).click()
    await page.getByTestId('order-attempt').waitFor({ state: 'detached', timeout: 30_000 })
    await row.waitFor({ state: 'detached', timeout: 30_000 })
  })

  test(`instant buy at the low ask: the summary with the order id, the order filled at that price (${variant.name})`, { timeout: 300_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await logIn(page, 'demo@vitrine.test')
    await readyToTrade(page)

    await openWithTime(page, 35) // the window open with time for the wizard
    await openWizard(page, 'BID')
    await toSelect(page)
    const instant = page.getByTestId('tab-instant')
    assert.equal(await instant.getAttribute('aria-selected'), 'true', 'live with a low ask: Instant Buy is the default')
    const line = await page.getByTestId('instant-line').innerText()
    const lowAsk = cents(line.match(/\$([\d,]+\.\d{2})/)[1])
    const summary = await placeFromSelect(page, 'PLACE BID')
    await page.getByTestId('order-result-title').waitFor()
    const result = await summary.getAttribute('data-result')
    assert.ok(['all-set', 'matched'].includes(result), `instant buy result ${result}: ${await summary.innerText()}`)
    const txn = (await page.getByTestId('transaction-id').innerText()).trim()
    assert.match(txn, /^[0-9a-f]{8}$/)
    assert.match(await summary.innerText(), new RegExp(`\\$${dollars(lowAsk).replace('.', '\\.')}`))
    await screenshot(page, variant, 'trading-instant-summary')
    await page.getByTestId('order-okay').click()
    await page.waitForURL('**/app/investments')

    // the bought share is the investor's (matched: counted once it settles; held in the meantime)
    const orders = await apiGet(page, `/api/financial-accounts/acct-${await userId(page)}/orders?asset=${await assetIdOf(page)}`)
    const order = orders.body.data.find((o) => o.id.startsWith(txn))
    assert.ok(order, `order ${txn} in the list`)
    assert.equal(order.units.filled, 1)
    assert.equal(order.status, 'FILLED')
    assert.equal(order.matched_shares_count, 1) // the share is the investor's once the match is confirmed and settled
    assert.equal(order.pricing.unit, dollars(lowAsk))
  })
}

for (const variant of [DESKTOP, ANDROID]) {
  test(`two traders matched: both confirm at CONFIRMATION; the buyer's share and the seller's cash (${variant.name})`, { timeout: 420_000 }, async (t) => {
    const seller = await launch(variant)
    const buyer = await launch(variant)
    t.after(async () => {
      await seller.close()
      await buyer.close()
    })
    await logIn(seller.page, 'trader1@vitrine.test')
    await logIn(buyer.page, 'trader2@vitrine.test')
    await readyToTrade(seller.page)
    await readyToTrade(buyer.page)
    const sellerBefore = await portfolio(seller.page)
    const buyerBefore = await portfolio(buyer.page)

    // a price between the book's best bid and best ask: the two orders meet each other, nobody else
    const { highBid, lowAsk } = await bestPrices(seller.page)
    assert.ok(highBid !== null && lowAsk !== null && lowAsk - highBid >= 10, `a gap in the book: ${highBid} / ${lowAsk}`)
    const price = dollars(highBid + 5)

    await openWizard(seller.page, 'ASK')
    await toSelect(seller.page)
    await limitTerms(seller.page, 1, price)
    const askSummary = await placeFromSelect(seller.page, 'PLACE ASK')
    assert.equal(await askSummary.getAttribute('data-result'), 'no-match')
    await seller.page.getByTestId('order-okay').click()

    await openWizard(buyer.page, 'BID')
    await toSelect(buyer.page)
    await limitTerms(buyer.page, 1, price)
    const bidSummary = await placeFromSelect(buyer.page, 'PLACE BID')
    // matched at once while the window is open, or at the open (post-only: resting until then)
    assert.ok(['matched', 'no-match'].includes(await bidSummary.getAttribute('data-result')))
    await acknowledgeSummary(buyer.page)

    // the confirm-trade popup once the window is in CONFIRMATION (at most one session away), on both sides
    for (const { page } of [seller, buyer]) await page.goto(`${BASE_URL}/app/investments`)
    const popups = [seller, buyer].map(({ page }) => page.getByTestId('confirm-trade'))
    await Promise.all(popups.map((p) => p.waitFor({ timeout: 240_000 })))
    assert.match(await popups[0].innerText(), new RegExp(`Your ask on #${INSTRUMENT} was matched: 1 share at \\$${price.replace('.', '\\.')}`))
    assert.match(await popups[1].innerText(), new RegExp(`Your bid on #${INSTRUMENT} was matched: 1 share at \\$${price.replace('.', '\\.')}`))
    await screenshot(buyer.page, variant, 'trading-confirm-trade')
    for (const { page } of [seller, buyer]) {
      await page.getByTestId('confirm-trade-button').click()
      await page.getByTestId('confirm-trade').waitFor({ state: 'detached', timeout: 30_000 })
    }

    // settled once both confirmed: My Portfolio shows the buyer's new share and the seller's cash
    const shares = buyer.page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` })
    await buyer.page.goto(`${BASE_URL}/app/investments`)
    await shares.getByText(`${buyerBefore.shares + 1} shares`).waitFor({ timeout: 60_000 })
    const cash = seller.page.getByTestId('summary-in-cash')
    const expected = `$${(sellerBefore.cash / 100 + Number(price)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    await seller.page.goto(`${BASE_URL}/app/investments`)
    await seller.page.waitForFunction(({ want }) => {
      const text = document.querySelector('[data-testid="summary-in-cash"]')?.textContent ?? ''
      return text.includes(want)
    }, { want: expected }, { timeout: 60_000, polling: 1000 })
    assert.ok((await cash.innerText()).includes(expected))
    await screenshot(seller.page, variant, 'trading-seller-cash')
  })
}
