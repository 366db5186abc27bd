// Trading journeys through the screens only (spec doc 3 §2.1-§2.3, §4.3-§4.5, §5, §8; issue 20 part 2), at desktop
// size and as the Android wrapper at 390×844: the wizard, /app/orders, the popups, My Portfolio — no order is placed,
// changed or read with `fetch`. The ATS runs the e2e stack's long demo hours (scripts/stack.py) and the tests move its
// clock from phase to phase (moveMarketTo: the sandbox's clock control), so no test waits for a real window; every
// wait is a condition with a generous deadline; the tests that place orders run their pages on Playwright's clock and
// move it past the result screen's 3 s (placeFromSelect) rather than wait them out. No market maker moves the book;
// its seeded resting orders stay.
// - the asset page (shares owned, Buy and Sell, Orders → the book's 'High Bid' / 'Low Ask'); Buy and Sell open the
//   wizard; an ask 30% under the last traded price and an ask of more shares than one may sell: the spec's messages
//   on their fields; My Portfolio's shares;
// - a limit bid placed post-only; during live trading the chooser offers no Cancel (§4.4) and the bid is edited (new
//   price) in the wizard; post-only again it is cancelled: its row leaves the queue at once and My Portfolio's
//   pending transactions;
// - an instant buy while the window is open: 1 share at the low ask, the summary with the order id, the match
//   confirmed in the confirm-trade popup at CONFIRMATION;
// - two demo traders: an ask and a bid at one price rest post-only and match at the open; at CONFIRMATION the
//   confirm-trade popup opens on both pages without a reload (the live stream); both confirm; My Portfolio shows the
//   buyer's new share and the seller's cash, and each one's group of the instrument valued with its gain or loss;
// - the asset page's market from the trading stream: with the catalogue's reads held, the window opening shows the
//   'Trading Window Now open!' banner and its countdown, and its close takes them away, without a reload.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- bash -c "cd frontend && node --test e2e/trading-journeys.test.mjs"
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, fastForward, launch, screenshot, timed, withMotion } from './helpers.mjs'
import { apiGet, ASSET_PATH, assetPageIn, chooseCancel, INSTRUMENT, moveMarketTo, openChooser, press, readyToTrade, recordTradingStream, signIn, streamEvents, toSelect, wizardAt } from './trading-helpers.mjs'

// the spec's messages (doc 3 §8: UNIT_PRICE_OUT_OF_BOUNDS, INSUFFICIENT_UNITS / INALIENABLE_UNITS)
const OUT_OF_BOUNDS = 'Your Ask cannot be more than 30% lower than Last Traded Price. Please adjust your ask accordingly.'
const UNITS_ADVICE = 'check your open orders as shares may already be allocated to an existing order. Also, recently acquired shares must be held for 5 business days before attempting to re-sell.'
const tooManyUnits = (n) => `You only have ${n} shares available to sell. ${UNITS_ADVICE}`
const cents = (money) => Math.round(Number(String(money).replace(/[$,]/g, '')) * 100)
const dollars = (c) => (c / 100).toFixed(2)
// the one file whose desktop pages keep the app's motion (every other test runs with prefers-reduced-motion: reduce,
// helpers.mjs): the dialogs' and the wizard's animations stay under test where the journeys are longest
const VARIANTS = [withMotion(DESKTOP), ANDROID]

/** The asset page's Buy or Sell (the disclosure accepted when asked) → the wizard for this asset. `onPage`: the page
 * is on the asset page already (assetPageIn has just loaded it and seen its market): no second load of it. */
const openWizard = timed('openWizard', async function openWizard(page, side, { onPage = false } = {}) {
  if (!onPage) await page.goto(`${BASE_URL}${ASSET_PATH}`)
  await page.getByTestId('trade-buttons').waitFor({ timeout: 30_000 })
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
})

/** Limit order terms on the select step (the form's default price kept when none is given). */
async function limitTerms(page, units, price) {
  const limitTab = page.getByTestId('tab-limit')
  if (await limitTab.count()) await limitTab.click()
  await page.getByTestId('field-units').fill(String(units))
  if (price === undefined) return
  await page.getByTestId('field-unitPrice').fill(price)
  await page.getByTestId('field-unitPrice').blur()
}

// the result screen's delay (spec doc 3 §4.3 step 4, §9; src/features/trading/place-order/orderForm.ts
// RESULT_DELAY_MS): the matching loader stays this long before the summary, counted from PLACE
const RESULT_DELAY_MS = 3_000

/**
 * From select: REVIEW → the review → PLACE → the matching loader, then the summary; returns the summary. The page runs
 * on Playwright's clock (launch's `clock`): once the loader shows, the clock moves past the result delay at once
 * instead of the test waiting it out (the summary then follows the server's answer; had the delay's timer not been
 * armed yet when the clock moved, the summary comes at most the delay later: slower, never wrong).
 */
const placeFromSelect = timed('placeFromSelect', async function placeFromSelect(page, label) {
  await press(page, 'REVIEW')
  await wizardAt(page, 'review')
  await page.getByTestId('place-order').getByText(label).waitFor()
  await page.getByTestId('place-order').click()
  const loader = page.getByTestId('matching-loader')
  await loader.waitFor()
  assert.match(await loader.innerText(), /\S/, 'the matching loader says what it does')
  await fastForward(page, RESULT_DELAY_MS)
  const summary = page.getByTestId('order-summary')
  await summary.waitFor({ timeout: 60_000 })
  assert.equal(await loader.count(), 0, 'the summary replaced the matching loader')
  return summary
})

/** The book's best prices (cents) from /app/orders as the investor sees them. */
const bestPrices = timed('bestPrices', async function bestPrices(page) {
  await page.goto(`${BASE_URL}/app/orders?asset=${await assetIdOf(page)}`)
  await page.getByTestId('high-bid').waitFor({ timeout: 30_000 })
  const high = (await page.getByTestId('high-bid').innerText()).match(/\$([\d,]+\.\d{2})/)
  const low = (await page.getByTestId('low-ask').innerText()).match(/\$([\d,]+\.\d{2})/)
  return { highBid: high ? cents(high[1]) : null, lowAsk: low ? cents(low[1]) : null }
})

async function assetIdOf(page) {
  const catalogue = await apiGet(page, '/api/v2/assets/')
  const list = Array.isArray(catalogue.body) ? catalogue.body : catalogue.body?.results ?? catalogue.body?.data ?? []
  const asset = list.find((a) => a.ticker === `#${INSTRUMENT}`)
  return asset?.id ?? 3
}

/** My Portfolio's 'In Cash' (cents) and the shares held of the asset. */
const portfolio = timed('portfolio', async function portfolio(page) {
  await page.goto(`${BASE_URL}/app/investments`)
  await page.getByTestId('summary-in-cash').waitFor({ timeout: 30_000 })
  const cash = cents((await page.getByTestId('summary-in-cash').innerText()).match(/\$([\d,]+\.\d{2})/)[1])
  const row = page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` })
  await row.waitFor({ timeout: 30_000 })
  const shares = Number((await row.innerText()).match(/(\d+) shares?/)[1])
  return { cash, shares }
})

/**
 * My Portfolio's group of the instrument as shown: shares, current value, price a share, average cost (cents) and the
 * gain/loss line, after checking the figures agree with each other: value = shares × price; gain/loss = value − cost
 * basis, the basis being shares × the average cost shown (rounded to the cent: off by half a cent a share at most);
 * its word and sign follow the amount (never the colour alone).
 */
async function holdingShown(page) {
  const row = page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` })
  await row.getByTestId('position-gain-loss').waitFor({ timeout: 30_000 })
  const text = async (id) => (await row.getByTestId(id).innerText()).trim()
  const shares = Number((await text('position-shares')).match(/^(\d+) shares?$/)[1])
  const value = cents((await text('position-value')).match(/\$([\d,]+\.\d{2})/)[1])
  const price = cents((await row.getByText(/^at \$[\d,]+\.\d{2} a share$/).innerText()).match(/\$([\d,]+\.\d{2})/)[1])
  const averageCost = cents((await text('position-average-cost')).match(/^Average cost \$([\d,]+\.\d{2})$/)[1])
  const gainLoss = await text('position-gain-loss')
  const [, word, sign, amount] = gainLoss.match(/^(Gain|Loss|No change) ([+-]?)\$([\d,]+\.\d{2}) \(([+-]?[\d.]+%|—)\)$/) ?? assert.fail(`gain/loss shown as '${gainLoss}'`)
  const gain = (sign === '-' ? -1 : 1) * cents(amount)
  assert.equal(value, shares * price, `value ${value} = ${shares} × ${price}`)
  assert.ok(Math.abs(gain - (value - shares * averageCost)) <= Math.ceil(shares / 2), `gain/loss ${gain} = ${value} − ${shares} × ${averageCost}`)
  assert.equal(word, gain > 0 ? 'Gain' : gain < 0 ? 'Loss' : 'No change', gainLoss)
  return { shares, value, price, averageCost, gain }
}

/** The field's own message (the Chakra field root around the input). */
function fieldOf(page, name) {
  return page.getByTestId(`field-${name}`).locator('xpath=ancestor::*[@data-part="root"][1]')
}

for (const variant of VARIANTS) {
  test(`the asset page, Buy and Sell into the wizard; a bad price and a bad unit count refused on their fields (${variant.name})`, { timeout: 300_000 }, async (t) => {
    const { page, close } = await launch(variant)
    t.after(close)
    await signIn(page, 'demo@vitrine.test')
    await readyToTrade(page)
    await moveMarketTo('post-only')

    // the asset page: the shares owned, Buy and Sell (Sell: shares held), Orders → the live book of the asset
    await assetPageIn(page, 'post-only')
    await page.getByTestId('shares-owned').waitFor({ timeout: 30_000 })
    assert.match(await page.getByTestId('shares-owned').innerText(), /^\d+ shares?$/)
    assert.equal(await page.getByTestId('sell-button').isEnabled(), true)
    await screenshot(page, variant, 'trading-asset')
    await page.getByTestId('orders-link').click()
    await page.waitForURL('**/app/orders?asset=*', { waitUntil: 'commit' })
    await page.getByTestId('high-bid').getByText(/^High Bid: \$[\d,]+\.\d{2} × \d+/).waitFor({ timeout: 30_000 })
    assert.match(await page.getByTestId('low-ask').innerText(), /^Low Ask: \$[\d,]+\.\d{2} × \d+/)
    await page.getByRole('heading', { name: 'Your bids and asks' }).waitFor()
    await screenshot(page, variant, 'trading-orders')

    const bidAsset = await openWizard(page, 'BID')
    assert.match(page.url(), /\/app\/place-bid(\/[a-z-]+)?\?asset=\d+$/)
    await wizardAt(page, 'intro').catch(() => undefined)
    await page.getByTestId('order-asset').getByText(`#${INSTRUMENT}`).waitFor()

    const askAsset = await openWizard(page, 'ASK')
    assert.equal(askAsset, bidAsset)
    assert.match(page.url(), /\/app\/place-ask(\/[a-z-]+)?\?asset=\d+$/)
    await toSelect(page)
    const balances = page.getByTestId('order-balances')
    await balances.getByText('Available to Sell').waitFor()
    const available = Number((await balances.innerText()).match(/Available to Sell\s+(\d+)/)[1])
    assert.ok(available > 0, `the demo trader may sell shares: ${await balances.innerText()}`)

    // far under the last traded price (about $26): the server's check answers on the price field
    await limitTerms(page, 1, '1.00')
    await press(page, 'REVIEW')
    await fieldOf(page, 'unitPrice').getByText(OUT_OF_BOUNDS, { exact: true }).waitFor({ timeout: 20_000 })
    assert.equal(await page.getByTestId('field-unitPrice').getAttribute('aria-invalid'), 'true')
    await wizardAt(page, 'select-bid')
    await screenshot(page, variant, 'trading-ask-out-of-bounds')

    // one share more than one may sell, at the form's default price: the spec's message on the units field
    await openWizard(page, 'ASK')
    await toSelect(page)
    await limitTerms(page, available + 1)
    await press(page, 'REVIEW')
    await fieldOf(page, 'units').getByText(tooManyUnits(available), { exact: true }).waitFor({ timeout: 20_000 })
    assert.equal(await page.getByTestId('field-units').getAttribute('aria-invalid'), 'true')
    await wizardAt(page, 'select-bid')
    await screenshot(page, variant, 'trading-ask-too-many-units')

    // My Portfolio: the shares held of the asset
    await page.goto(`${BASE_URL}/app/investments`)
    await page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` }).getByText(/^\d+ shares?$/).waitFor({ timeout: 30_000 })
    await screenshot(page, variant, 'trading-portfolio')
  })

  test(`a limit bid: no Cancel during live trading, edited in the wizard, cancelled post-only — its row leaves at once (${variant.name})`, { timeout: 400_000 }, async (t) => {
    const { page, close } = await launch(variant, { clock: true })
    t.after(close)
    await signIn(page, 'demo@vitrine.test')
    await readyToTrade(page)
    await moveMarketTo('post-only')
    await assetPageIn(page, 'post-only')

    await openWizard(page, 'BID', { onPage: true })
    await toSelect(page)
    await limitTerms(page, 2, '1.10')
    const summary = await placeFromSelect(page, 'PLACE BID')
    assert.equal(await summary.getAttribute('data-result'), 'no-match')
    const txn = (await page.getByTestId('transaction-id').innerText()).trim()
    assert.match(txn, /^[0-9a-f]{8}$/)
    await page.getByTestId('order-okay').click() // the summary acknowledged: the next Buy is a new order
    await page.waitForURL('**/app/investments')

    // /app/orders post-only: the row with Edit and Cancel
    const assetId = await assetIdOf(page)
    await page.goto(`${BASE_URL}/app/orders?asset=${assetId}`)
    const row = page.getByTestId('queue-order').filter({ has: page.getByRole('button', { name: `Edit or cancel order ${txn}` }) })
    const rowCancel = row.getByRole('button', { name: 'Cancel', exact: true })
    await row.waitFor({ timeout: 30_000 })
    assert.match(await row.innerText(), /Bid · 2 × \$1\.10/)
    await rowCancel.waitFor({ timeout: 30_000 })

    // live trading (§4.4: Cancel is hidden): the row's Cancel goes, the chooser offers Edit Order and no Cancel Order
    await moveMarketTo('open')
    await rowCancel.waitFor({ state: 'detached', timeout: 90_000 })
    const chooser = await openChooser(page, row, 'Edit Order')
    assert.equal(await chooser.getByRole('button', { name: 'Cancel Order' }).count(), 0, 'no Cancel Order while the window is open')
    await screenshot(page, variant, 'trading-live-chooser')

    // Edit Order → 'Attempt to Edit?' → "Yes, Let's try" → the wizard with the order → a new price
    await chooser.getByRole('button', { name: 'Edit Order' }).click()
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
    const pendingRow = page.getByTestId('pending-order').filter({ hasText: `Bid #${INSTRUMENT} · 2 × $1.25` })
    await pendingRow.waitFor({ timeout: 30_000 }) // My Portfolio's pending transactions show the edited bid

    // post-only again (the session closed; the bid rests for the next): Cancel → 'Attempt to Cancel?' → "Yes, Let's try"
    await moveMarketTo('post-only')
    await page.goto(`${BASE_URL}/app/orders?asset=${assetId}`)
    await row.getByText(/Bid · 2 × \$1\.25/).waitFor({ timeout: 30_000 })
    await rowCancel.waitFor({ timeout: 90_000 })
    await openChooser(page, row, 'Cancel Order')
    await chooseCancel(page)
    await page.getByText('Attempt to Cancel?').waitFor()
    await page.getByRole('button', { name: "Yes, Let's try" }).click()
    // the confirmation closes, or turns into the refusal's notice (a failure, shown with its text)
    await page.getByTestId('order-attempt').waitFor({ state: 'detached', timeout: 30_000 })
    const notice = page.getByTestId('order-notice')
    if ((await notice.count()) > 0) assert.fail(`cancel refused: ${await notice.innerText()}`)
    // at once: the cancel's answer took the row out of the queue as the confirmation closed (no stale row)
    assert.equal(await row.count(), 0, `the cancelled order still in the queue: ${await row.allInnerTexts()}`)
    await screenshot(page, variant, 'trading-cancelled')
    // and My Portfolio's pending transactions no longer list it (the rest of the page has loaded: the shares held)
    await page.goto(`${BASE_URL}/app/investments`)
    await page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` }).waitFor({ timeout: 30_000 })
    assert.equal(await pendingRow.count(), 0, 'the cancelled bid is not pending')
  })

  test(`instant buy at the low ask: the summary with the order id, the match confirmed at CONFIRMATION (${variant.name})`, { timeout: 300_000 }, async (t) => {
    const { page, close } = await launch(variant, { clock: true })
    t.after(close)
    await signIn(page, 'demo@vitrine.test')
    await readyToTrade(page)

    await moveMarketTo('open')
    await assetPageIn(page, 'open')
    await openWizard(page, 'BID', { onPage: true })
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

    // the window closes: the confirm-trade popup names the share bought at the low ask; the investor confirms
    await moveMarketTo('confirmation')
    const popup = page.getByTestId('confirm-trade')
    await popup.waitFor({ timeout: 90_000 })
    assert.match(await popup.innerText(), new RegExp(`Your bid on #${INSTRUMENT} was matched: 1 share at \\$${dollars(lowAsk).replace('.', '\\.')}`))
    await page.getByTestId('confirm-trade-button').click()
    await popup.waitFor({ state: 'detached', timeout: 30_000 })
  })
}

// The two traders' journey in its phases, each timed under E2E_STEPS=1 (where the test's seconds go)

/** Both orders rest post-only at `price` (no match before the open), each in its page's pending transactions. The
 * two traders place at the same time, as two people would: each page's waits (the server's answers) overlap the
 * other's. */
const restBoth = timed('restBoth', async function restBoth(seller, buyer, price) {
  await Promise.all([[seller, 'ASK', 'PLACE ASK'], [buyer, 'BID', 'PLACE BID']].map(async ([who, side, label]) => {
    await assetPageIn(who.page, 'post-only')
    await openWizard(who.page, side, { onPage: true })
    await toSelect(who.page)
    await limitTerms(who.page, 1, price)
    const placed = await placeFromSelect(who.page, label)
    assert.equal(await placed.getAttribute('data-result'), 'no-match')
    await who.page.getByTestId('order-okay').click()
    await who.page.waitForURL('**/app/investments')
    await who.page.getByTestId('pending-order').filter({ hasText: `#${INSTRUMENT} · 1 × $${price}` }).waitFor({ timeout: 30_000 })
  }))
})

/** The open: the two orders match — each leaves its page's pending transactions (the page kept live). */
const matchedAtTheOpen = timed('matchedAtTheOpen', async function matchedAtTheOpen(pages, price) {
  await moveMarketTo('open')
  await Promise.all(pages.map((page) => page.getByTestId('pending-order').filter({ hasText: `#${INSTRUMENT} · 1 × $${price}` }).waitFor({ state: 'detached', timeout: 60_000 })))
})

/** The close: CONFIRMATION — the confirm-trade popup opens on each page over the shell's live stream. */
const popupsAtConfirmation = timed('popupsAtConfirmation', async function popupsAtConfirmation(pages) {
  await moveMarketTo('confirmation')
  const popups = pages.map((page) => page.getByTestId('confirm-trade'))
  await Promise.all(popups.map((p) => p.waitFor({ timeout: 90_000 })))
  for (const page of pages) {
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded')
    assert.match(page.url(), /\/app\/investments$/)
    // the start of CONFIRMATION reaches the page over its live stream (the shell's `window` event; the popup may
    // have opened a moment before it, on the order's own event)
    await page.waitForFunction(() => (window.__tradingEvents ?? []).some((e) => e.event === 'window' && e.data?.status === 'CONFIRMATION'), null, { timeout: 60_000, polling: 100 })
      .catch(async () => assert.fail(`no CONFIRMATION on the stream: ${JSON.stringify(await streamEvents(page, 'window'))}`))
  }
  return popups
})

/** Each trader confirms in the popup, which closes. */
const confirmBoth = timed('confirmBoth', async function confirmBoth(pages) {
  for (const page of pages) {
    await page.getByTestId('confirm-trade-button').click()
    await page.getByTestId('confirm-trade').waitFor({ state: 'detached', timeout: 30_000 })
  }
})

/** My Portfolio, loaded afresh, shows the buyer's `shares` of the instrument (settlement by the order workflow). */
const buyerHolds = timed('buyerHolds', async function buyerHolds(page, shares) {
  await page.goto(`${BASE_URL}/app/investments`)
  await page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` }).getByText(`${shares} shares`).waitFor({ timeout: 60_000 })
})

/** My Portfolio, loaded afresh, shows the seller's 'In Cash' as `expected` (settlement by the order workflow). */
const sellerHasCash = timed('sellerHasCash', async function sellerHasCash(page, expected) {
  await page.goto(`${BASE_URL}/app/investments`)
  await page.getByTestId('summary-in-cash').filter({ hasText: expected }).waitFor({ timeout: 60_000 })
})

for (const variant of VARIANTS) {
  test(`two traders matched at the open: the popup opens live at CONFIRMATION, both confirm; the buyer's share and the seller's cash (${variant.name})`, { timeout: 420_000 }, async (t) => {
    const seller = await launch(variant, { clock: true })
    const buyer = await launch(variant, { clock: true })
    t.after(async () => {
      await seller.close()
      await buyer.close()
    })
    for (const { page } of [seller, buyer]) await recordTradingStream(page)
    await Promise.all([[seller, 'trader1@vitrine.test'], [buyer, 'trader2@vitrine.test']].map(async ([who, email]) => {
      await signIn(who.page, email)
      await readyToTrade(who.page)
    }))
    await moveMarketTo('post-only')
    const [sellerBefore, buyerBefore] = await Promise.all([portfolio(seller.page), portfolio(buyer.page)])

    // a price between the book's best bid and best ask: the two orders meet each other, nobody else
    const { highBid, lowAsk } = await bestPrices(seller.page)
    assert.ok(highBid !== null && lowAsk !== null && lowAsk - highBid >= 10, `a gap in the book: ${highBid} / ${lowAsk}`)
    const price = dollars(highBid + 5)

    // both rest post-only (no match before the open)
    await restBoth(seller, buyer, price)

    // from here on both stay on My Portfolio: no reload, no navigation (the marker dies with the document)
    const pages = [seller.page, buyer.page]
    for (const page of pages) await page.evaluate(() => (window.__sameDocument = true))
    await matchedAtTheOpen(pages, price)
    const popups = await popupsAtConfirmation(pages)
    assert.match(await popups[0].innerText(), new RegExp(`Your ask on #${INSTRUMENT} was matched: 1 share at \\$${price.replace('.', '\\.')}`))
    assert.match(await popups[1].innerText(), new RegExp(`Your bid on #${INSTRUMENT} was matched: 1 share at \\$${price.replace('.', '\\.')}`))
    await screenshot(buyer.page, variant, 'trading-confirm-trade')
    await confirmBoth(pages)

    // settled once both confirmed: My Portfolio shows the buyer's new share and the seller's cash
    await buyerHolds(buyer.page, buyerBefore.shares + 1)
    // the buyer's group: one more share, valued at the current price, with its gain or loss
    assert.equal((await holdingShown(buyer.page)).shares, buyerBefore.shares + 1)
    await screenshot(buyer.page, variant, 'trading-buyer-holding')
    const cash = seller.page.getByTestId('summary-in-cash')
    const expected = `$${(sellerBefore.cash / 100 + Number(price)).toLocaleString('en-US', { minimumFractionDigits: 2 })}`
    await sellerHasCash(seller.page, expected)
    assert.ok((await cash.innerText()).includes(expected))
    await screenshot(seller.page, variant, 'trading-seller-cash')
    // the seller's group: one share less, valued with its gain or loss
    await seller.page.getByTestId('position').filter({ hasText: `#${INSTRUMENT}` }).getByText(`${sellerBefore.shares - 1} shares`).waitFor({ timeout: 30_000 })
    assert.equal((await holdingShown(seller.page)).shares, sellerBefore.shares - 1)
  })
}

/** The countdown's text (H:MM:SS or M:SS) in seconds. */
const countdownSeconds = (text) => text.split(':').map(Number).reduce((total, part) => total * 60 + part, 0)

for (const variant of VARIANTS) {
  test(`the asset page's market follows the stream: the open banner and its countdown come and go with the window, no reload, no catalogue read (${variant.name})`, { timeout: 300_000 }, async (t) => {
    const { page, problems, trail, close } = await launch(variant)
    t.after(close)
    t.after(() => t.diagnostic(trail.join('\n')))
    await recordTradingStream(page)
    await signIn(page, 'trader1@vitrine.test')
    await moveMarketTo('post-only')
    await assetPageIn(page, 'post-only')
    await page.waitForFunction(() => (window.__tradingEvents ?? []).some((e) => e.event === 'subscribed'), undefined, { timeout: 30_000 })

    // from here the catalogue answers nothing (its reads are held until the test ends), and the page is never reloaded
    const held = []
    await page.route(/\/api\/v2\/asset/, (route) => void held.push(route))
    await page.evaluate(() => { window.__sameDocument = true })

    await moveMarketTo('open') // the ATS opens the window; its webhook reaches the page as the stream's `window` event
    await page.getByTestId('trading-banner').waitFor({ timeout: 60_000 })
    assert.match(await page.getByTestId('trading-banner').innerText(), /Trading Window Now open!/)
    const windows = await streamEvents(page, 'window')
    // the window the page shows is the one heard OPEN last (a stream may also tell of earlier windows: the countdown
    // of a helper's run read 14 h beyond the close of the first OPEN event it saw, an earlier window's)
    const opened = windows.findLast((w) => w.instrument_id === INSTRUMENT && w.status === 'OPEN')
    assert.ok(opened, JSON.stringify(windows))
    // the countdown runs to the close the event told (the ATS's clock, moved ahead of the browser's by the tests)
    const left = countdownSeconds(await page.getByTestId('trading-countdown').innerText())
    const toClose = (Date.parse(opened.closes_at) - (await page.evaluate(() => Date.now()))) / 1000
    assert.ok(Math.abs(left - toClose) <= 5, `the countdown says ${left} s, the window closes in ${toClose} s`)
    assert.equal(await page.getByTestId('buy-button').isEnabled(), true)
    await screenshot(page, variant, 'trading-live-banner')

    await moveMarketTo('confirmation') // the window closes: post-only again, the banner goes
    await page.getByTestId('trading-banner').waitFor({ state: 'detached', timeout: 60_000 })
    assert.equal(await page.getByTestId('buy-button').isEnabled(), true)
    assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload')
    assert.deepEqual(problems, [])
  })
}
