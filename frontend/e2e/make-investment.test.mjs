// The initial-offering purchase, at desktop size and as the Android wrapper at 390×844, for a funded investor made
// through the api (investor-helpers.mjs: sign-up, confirmed e-mail, profile, instant bank link, a $1,000 deposit
// settled; each of those has its own test through the screens):
// - #55PS1 (e-sign template): INVEST → terms → intro → 4 shares ($100.00) → passport → the signing frame (Sign) →
//   confirm → success → "YOU'RE IN!" → the merchandise upsell → My Portfolio lists the investment (valued at the
//   offering price: no gain or loss), the cash went down;
// - #63SPLIT (no template): the subscription agreement's checkbox opens only once the document was scrolled to the end;
// - #APOLLO11 (e-sign): Decline in the frame → 'Unable to purchase the share' → back on the asset page, nothing charged.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- node --test frontend/e2e/make-investment.test.mjs
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot, timed } from './helpers.mjs'
import { cash, cashIs, investorThroughApi } from './investor-helpers.mjs'
import { apiGet } from './trading-helpers.mjs'

const BASE = '/app/make-investment'
const FAILED_TITLE = 'Unable to purchase the share'
const FAILED_MESSAGE = 'There was a problem with the e-signature provider. Please contact support.'

async function userId(page) {
  return page.evaluate(() => localStorage.getItem('user_id'))
}

/** The current purchase step (its URL, which keeps ?asset=ID, and the rendered step), with its heading. */
const at = timed('at', async function at(page, step, title) {
  await page.waitForURL(new RegExp(`${BASE}${step === 'intro' ? '' : `/${step}`}\\?asset=\\d+$`))
  await page.locator(`[data-testid="flow-step"][data-step="${step}"]`).waitFor()
  if (title) await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
})

/** The primary button of the current step. */
async function press(page, name) {
  await page.getByTestId('flow-step').getByRole('button', { name, exact: true }).click()
}

/** From the asset page: INVEST, the payment terms the first time, the intro, then select-shares with `shares`. */
const startPurchase = timed('startPurchase', async function startPurchase(page, path, ticker, price, shares, shot) {
  await page.goto(`${BASE_URL}${path}`)
  await page.getByTestId('invest-button').click()
  await page.waitForURL(new RegExp(`${BASE}(/[a-z-]+)?\\?asset=\\d+$`))
  const first = page.locator('[data-testid="flow-step"]')
  await first.waitFor()
  if ((await first.getAttribute('data-step')) === 'dwolla-tos') {
    await at(page, 'dwolla-tos', 'Payment Terms of Service')
    await page.getByText("I agree to the payment provider's terms of service and privacy policy").click()
    await press(page, 'Continue')
  }
  await at(page, 'intro', "Here's What's About to Happen")
  await shot('intro')
  await press(page, 'Continue')

  await at(page, 'select-shares', 'Select Shares')
  assert.equal(await page.getByTestId('share-price').innerText(), `Each share of ${ticker} = $${price}`)
  const input = page.getByTestId('shares-input')
  assert.equal(await input.inputValue(), '5', 'the counter starts at 5')
  await page.getByTestId('shares-minus').click()
  assert.equal(await input.inputValue(), '4')
  await input.fill(String(shares))
  await input.blur()
  const cost = (shares * Number(price)).toFixed(2)
  await page.getByTestId('cost').filter({ hasText: `$${cost}` }).waitFor()
  await shot('select-shares')
  await press(page, 'Continue')

  await at(page, 'investing-passport', 'Investing Passport')
  await page.getByTestId('passport').getByText('Harbor National Bank', { exact: false }).waitFor()
  await shot('passport')
  await press(page, 'Continue')
  return cost
})

/** confirm-purchase → success → congrats → (upsell) → My Portfolio. */
const finishPurchase = timed('finishPurchase', async function finishPurchase(page, cost, shares, shot, { merch }) {
  await at(page, 'confirm-purchase', 'Confirm Your Purchase')
  assert.equal(await page.getByTestId('purchase-cost').innerText(), `$${cost}`)
  const confirm = page.getByTestId('flow-step').getByRole('button', { name: 'CONFIRM PURCHASE' })
  assert.equal(await confirm.isDisabled(), true, 'CONFIRM PURCHASE waits for the terms')
  await page.getByText('I agree to the terms of service and confirm this purchase.').click()
  await shot('confirm')
  await confirm.click()

  await at(page, 'success')
  await page.getByTestId('purchase-success').waitFor()
  await shot('success')
  await press(page, 'Continue')

  await at(page, 'congrats', "YOU'RE IN!")
  assert.equal(await page.getByTestId('congrats-shares').innerText(), `${shares} shares`)
  await page.getByRole('link', { name: 'Download for iOS' }).waitFor()
  await shot('congrats')
  await page.getByTestId('congrats-finish').click()
  if (merch) {
    const upsell = page.getByTestId('merch-modal')
    await upsell.getByTestId('merch-review').waitFor()
    await shot('merch')
    await upsell.getByRole('button', { name: 'No thanks' }).click()
  }
  await page.waitForURL(/\/app\/investments$/, { timeout: 30_000 })
})

for (const variant of [DESKTOP, ANDROID]) {
  test(`make-investment: e-sign, subscription agreement, declined signature (${variant.name})`, { timeout: 420_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    let n = 0
    const shot = (step) => screenshot(page, variant, `invest-${String((n += 1)).padStart(2, '0')}-${step}`)
    try {
      await investorThroughApi(page, `invest-${variant.name}`, { deposit: '1000.00' })

      // 1. #55PS1, signed in the e-sign frame
      const costA = await startPurchase(page, '/app/assets/cars/55PS1', '#55PS1', '25.00', 4, shot)
      assert.equal(costA, '100.00')
      await at(page, 'docusign', 'Sign the Subscription Agreement')
      const frame = page.frameLocator('[data-testid="esign-frame"]')
      const sign = frame.getByRole('button', { name: /^Sign/ })
      await sign.waitFor({ timeout: 30_000 })
      await shot('esign')
      await sign.click()
      await finishPurchase(page, costA, 4, shot, { merch: true })
      const list = page.getByTestId('position')
      await list.filter({ hasText: '#55PS1' }).waitFor()
      assert.match(await list.filter({ hasText: '#55PS1' }).innerText(), /4 shares/)
      assert.match(await list.filter({ hasText: '#55PS1' }).innerText(), /\$100\.00/)
      // an offering not traded yet is valued at its offering price: bought at that price, no gain or loss
      assert.equal(await list.filter({ hasText: '#55PS1' }).getByTestId('position-value').innerText(), '$100.00')
      assert.equal(await list.filter({ hasText: '#55PS1' }).getByTestId('position-gain-loss').innerText(), 'No change $0.00 (0.00%)')
      await shot('portfolio-1')
      await cashIs(page, '900.00', 10_000)

      // 2. #63SPLIT, without an e-sign template: the agreement opens once read
      const costB = await startPurchase(page, '/app/assets/cars/63SPLIT', '#63SPLIT', '20.00', 3, shot)
      assert.equal(costB, '60.00')
      await at(page, 'subscription-agreement', 'Subscription Agreement')
      const agree = page.getByRole('checkbox', { name: 'I have read and agree to the Subscription Agreement' })
      const agreement = page.getByTestId('agreement-document')
      await agreement.waitFor()
      const fits = await agreement.evaluate((el) => el.scrollHeight <= el.clientHeight)
      if (!fits) assert.equal(await agree.isDisabled(), true, 'the checkbox waits for the document to be read')
      await shot('agreement')
      await agreement.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
      await page.getByText('Thank you for reading the agreement.').waitFor()
      assert.equal(await agree.isDisabled(), false)
      await page.getByText('I have read and agree to the Subscription Agreement').click()
      await press(page, 'I Agree')
      await finishPurchase(page, costB, 3, shot, { merch: false })
      await list.filter({ hasText: '#63SPLIT' }).waitFor()
      assert.match(await list.filter({ hasText: '#63SPLIT' }).innerText(), /3 shares/)
      assert.match(await list.filter({ hasText: '#63SPLIT' }).innerText(), /\$60\.00/)
      await cashIs(page, '840.00', 10_000)
      await shot('portfolio-2')

      // 3. #APOLLO11: declining the signature ends the purchase and charges nothing
      const before = await cash(page)
      await startPurchase(page, '/app/assets/history/APOLLO11', '#APOLLO11', '10.00', 2, shot)
      await at(page, 'docusign', 'Sign the Subscription Agreement')
      const decline = page.frameLocator('[data-testid="esign-frame"]').getByRole('button', { name: /^Decline/ })
      await decline.waitFor({ timeout: 30_000 })
      await decline.click()
      const modal = page.getByTestId('flow-error-modal')
      await modal.getByRole('heading', { name: FAILED_TITLE }).waitFor({ timeout: 30_000 })
      await modal.getByText(FAILED_MESSAGE).waitFor()
      await shot('declined')
      await modal.getByRole('button', { name: 'OKAY' }).click()
      await page.waitForURL(/\/app\/assets\/history\/APOLLO11$/)
      assert.equal(await cash(page), before, 'a declined signature charges nothing')
      const investments = await apiGet(page, `/api/users/${await userId(page)}/investments`)
      assert.deepEqual(investments.body.items.map((i) => i.ticker).sort(), ['#55PS1', '#63SPLIT'])
      assert.deepEqual(problems, [])
    } catch (error) {
      await shot('failed')
      throw error
    }
  })
}
