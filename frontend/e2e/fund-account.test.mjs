// The fund-account wizard with its own bank link, at desktop size and as the Android wrapper at 390×844: a verified
// customer without a bank (onboarding left at connect-bank) → an unverified e-mail gets the verify popup (Deposit /
// Withdraw and the wizard) → after confirming it Deposit / Withdraw leads to the wizard: intro → instant bank link → transfer (over the limit refused, then $250) → Transfer Initiated → Launch
// → back in the app with $250.00 pending.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'
import { next } from './flow-helpers.mjs'
import { atFlowStep, confirmEmail, signInToSandboxBank } from './funding-helpers.mjs'
import { investorThroughApi } from './investor-helpers.mjs'

const LIMIT = 'ONE-TIME TRANSFER CAN NOT EXCEED $5000'

for (const variant of [DESKTOP, ANDROID]) {
  test(`fund-account with an instant bank link (${variant.name})`, { timeout: 180_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    const shot = (step) => screenshot(page, variant, `fund-${step}`)
    try {
      // signed up and the profile filled through the api (their screens: journey, onboarding), the e-mail not confirmed
      const { email } = await investorThroughApi(page, `fundlink-${variant.name}`, { confirmed: false, bank: null })

      // Deposit / Withdraw checks the e-mail first
      await page.goto(`${BASE_URL}/app/investments/deposit-withdrawal`)
      const verify = page.getByTestId('verify-email-modal')
      await verify.getByText(/you must verify your email/).waitFor()
      await verify.getByRole('button', { name: 'Close' }).click()
      await page.waitForURL(/\/app\/investments$/)

      // the wizard too: the popup asks for it, and can send the link again
      await page.goto(`${BASE_URL}/app/fund-account`)
      await verify.getByText(`In order to fund your account on Vitrine you must verify your email, ${email}`).waitFor()
      await verify.getByRole('button', { name: 'Resend verification e-mail' }).click()
      await verify.getByText(/We sent a new confirmation link/).waitFor()
      await shot('01-verify-email')
      await verify.getByRole('button', { name: 'Close' }).click()
      await page.waitForURL('**/app/home')
      await confirmEmail(page, email)

      // verified, without a bank: Deposit / Withdraw leads to the fund-account wizard
      await page.goto(`${BASE_URL}/app/investments/deposit-withdrawal`)
      await page.waitForURL(/\/app\/fund-account$/)
      await atFlowStep(page, '/app/fund-account', 'intro', 'Fund Your Account')
      await next(page, 'CONTINUE')
      await atFlowStep(page, '/app/fund-account', 'connect-bank', 'Connect Your Bank')
      await signInToSandboxBank(page)

      // the first deposit: '$' in front, decimals only, at most $5000
      await atFlowStep(page, '/app/fund-account', 'transfer', 'Transfer Funds')
      await page.getByTestId('transfer-from').getByText('Harbor National Bank').waitFor()
      const amount = page.getByLabel('Amount')
      await amount.fill('6000')
      await page.getByText(LIMIT, { exact: true }).waitFor()
      assert.equal(await page.getByTestId('flow-step').getByRole('button', { name: 'Transfer' }).isDisabled(), true)
      await shot('02-transfer-over-limit')
      await amount.fill('250.5x')
      assert.equal(await amount.inputValue(), '250.5')
      await next(page, 'Transfer')

      await atFlowStep(page, '/app/fund-account', 'transfer-initiated', 'Transfer Initiated')
      assert.equal(await page.getByTestId('transfer-amount').innerText(), '$250.50')
      await shot('03-transfer-initiated')
      await next(page, 'Launch')
      await page.waitForURL('**/app/home', { timeout: 30_000 })

      await page.goto(`${BASE_URL}/app/investments`)
      await page.getByTestId('account-block').waitFor()
      const pendingOrCash = await page.getByTestId('account-value').innerText()
      assert.equal(pendingOrCash, '$250.50')
      assert.deepEqual(problems, [])
    } catch (error) {
      await shot('failed')
      throw error
    }
  })
}
