// Funding, at desktop size and as the Android wrapper at 390×844: an investor whose profile and manual bank were
// entered through the api (investor-helpers.mjs; their screens: onboarding.test.mjs) → the fund-account wizard → My
// Portfolio shows only 'Micro-deposit Verification' → a wrong pair of micro-deposits, then the right one (read from the
// sandbox bank) → deposit $1,000 → Pending, then In Cash without a reload → a withdrawal over the limit moves nothing,
// one within the cash meets the deposit hold → Transaction History → removing the bank is refused while there is a
// balance.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'
import { flowCall, next } from './flow-helpers.mjs'
import { accountNumber, atFlowStep, microDeposits } from './funding-helpers.mjs'
import { investorThroughApi, manualBank } from './investor-helpers.mjs'

const ROUTING = '021000021'
const LIMIT = 'ONE-TIME TRANSFER CAN NOT EXCEED $5000'
const HOLD = 'Deposits must stay in your account for seven days before they are available for withdraw.'
const BLOCKED = 'You must have a total balance of $0 and no pending transfers or investments, in order to remove your bank account.'

for (const variant of [DESKTOP, ANDROID]) {
  test(`funding: micro-deposits, deposit and withdrawal (${variant.name})`, { timeout: 300_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    const shot = (step) => screenshot(page, variant, `funding-${step}`)
    try {
      // an investor with the profile and a manual bank, through the api (the wizard's screens for them:
      // onboarding.test.mjs)
      const account = accountNumber()
      await investorThroughApi(page, `fund-${variant.name}`, { bank: manualBank(ROUTING, account) })
      await page.goto(`${BASE_URL}/app/fund-account`)

      // the fund-account wizard: the bank exists and waits for its micro-deposits
      await atFlowStep(page, '/app/fund-account', 'intro', 'Fund Your Account')
      await shot('01-fund-intro')
      await next(page, 'CONTINUE')
      await atFlowStep(page, '/app/fund-account', 'confirmation', 'Verify Your Bank Account')
      await page.getByText(/two small deposits/).waitFor()
      await shot('02-fund-confirmation')
      await next(page, 'CONTINUE')
      await page.waitForURL('**/app/home')

      // My Portfolio: only 'Micro-deposit Verification' while the bank is unverified
      await page.goto(`${BASE_URL}/app/investments`)
      const actions = page.getByTestId('portfolio-actions')
      await actions.getByRole('link', { name: 'Micro-deposit Verification' }).waitFor()
      assert.deepEqual(await actions.getByRole('link').allInnerTexts(), ['Micro-deposit Verification'])
      await page.getByTestId('bank-status').filter({ hasText: 'Awaiting verification' }).waitFor()
      assert.match(await page.getByTestId('bank-name').innerText(), new RegExp(`••••${account.slice(-4)}`))
      await shot('03-portfolio-unverified')

      // a wrong pair first: the failure shows on the form; then the amounts from the bank statement
      const [first, second] = await microDeposits(ROUTING, account)
      await actions.getByRole('link', { name: 'Micro-deposit Verification' }).click()
      await page.waitForURL('**/app/investments/microdeposits')
      const micro = page.getByTestId('micro-deposit-modal')
      await micro.getByTestId('micro-1').fill(String((Number(first) % 9) + 1))
      await micro.getByTestId('micro-2').fill(second)
      await micro.getByRole('button', { name: 'Verify' }).click()
      const failure = micro.getByTestId('micro-deposit-failure')
      await failure.getByText('Micro Deposit Checking Failure').waitFor()
      await failure.getByText(/do not match/).waitFor()
      await shot('04-micro-deposit-failure')
      await micro.getByTestId('micro-1').fill(first)
      await micro.getByRole('button', { name: 'Verify' }).click()
      await micro.getByText('Micro Deposit Checking Success').waitFor()
      await micro.getByText('You bank account was verified.').waitFor()
      await shot('05-micro-deposit-success')
      await micro.getByRole('button', { name: 'OKAY' }).click()
      await page.waitForURL(/\/app\/investments$/)
      await page.getByTestId('bank-status').filter({ hasText: 'Verified' }).waitFor()
      // the closing popup keeps the page aria-hidden until its exit animation ends: wait for the row to be reachable
      await micro.waitFor({ state: 'detached' })
      await actions.getByRole('link', { name: 'Deposit / Withdraw' }).waitFor()
      assert.deepEqual(await actions.getByRole('link').allInnerTexts(), ['Transaction History', 'Statements', 'Deposit / Withdraw'])

      // deposit $1,000: review, Transfer Initiated, Pending, then In Cash without reloading
      await page.evaluate(() => (window.__sameDocument = true))
      await actions.getByRole('link', { name: 'Deposit / Withdraw' }).click()
      const popup = page.getByTestId('transfer-modal')
      const amount = popup.getByTestId('amount-input')
      await amount.fill('1,000')
      assert.equal(await amount.inputValue(), '1000')
      await shot('06-deposit-form')
      await popup.getByRole('button', { name: 'Review' }).click()
      await popup.getByRole('heading', { name: 'Review Deposit' }).waitFor()
      await popup.getByText('$1,000.00').waitFor()
      await shot('07-deposit-review')
      await popup.getByRole('button', { name: 'Submit' }).click()
      await popup.getByRole('heading', { name: 'Transfer Initiated' }).waitFor()
      await page.getByTestId('pending-amount').filter({ hasText: '$1,000.00' }).waitFor()
      await shot('08-transfer-initiated')
      await popup.getByRole('button', { name: 'OKAY' }).click()
      await page.getByTestId('in-cash-amount').filter({ hasText: '$1,000.00' }).waitFor({ timeout: 45_000 })
      await page.getByTestId('pending-amount').filter({ hasText: '$0.00' }).waitFor()
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was not reloaded')
      assert.equal(await page.getByTestId('account-value').innerText(), '$1,000.00')
      await shot('09-cash-settled')

      // a withdrawal over the one-time limit: the message, Review disabled, no money moves
      await actions.getByRole('link', { name: 'Deposit / Withdraw' }).click()
      await popup.getByText('Withdrawal', { exact: true }).click()
      await amount.fill('5000.01')
      await popup.getByText(LIMIT, { exact: true }).waitFor()
      assert.equal(await popup.getByRole('button', { name: 'Review' }).isDisabled(), true)
      await shot('10-withdrawal-over-limit')
      // one within the cash meets the seven-day deposit hold (the server's message, with the support panel)
      await amount.fill('100')
      await popup.getByRole('button', { name: 'Review' }).click()
      await popup.getByRole('heading', { name: 'Review Withdrawal' }).waitFor()
      await popup.getByRole('button', { name: 'Submit' }).click()
      await popup.getByRole('heading', { name: 'Balance Transfers' }).waitFor()
      await popup.getByText(HOLD, { exact: true }).waitFor()
      await shot('11-deposit-hold')
      await popup.getByRole('button', { name: 'Close & Continue' }).click()
      await page.waitForURL(/\/app\/investments$/)
      const userId = await page.evaluate(() => localStorage.getItem('user_id'))
      const history = await flowCall(page, 'GET', `/api/users/${userId}/financials/transactions`)
      assert.deepEqual(history.body.items.map((i) => [i.type, i.amount, i.status]), [['deposit', '1000.00', 'processed']])
      assert.equal(await page.getByTestId('in-cash-amount').innerText(), '$1,000.00')

      // Transaction History
      await actions.getByRole('link', { name: 'Transaction History' }).click()
      await page.waitForURL('**/app/investments/transaction')
      const item = page.getByTestId('transaction').first()
      await item.getByText('Processed').waitFor()
      assert.match(await item.innerText(), /Deposit[\s\S]*\+\$1,000\.00/)
      await shot('12-transaction-history')
      await page.getByRole('link', { name: 'My Portfolio' }).click()

      // the bank cannot be removed while there is a balance
      await page.getByRole('button', { name: 'Remove bank' }).click()
      const removal = page.getByTestId('remove-bank-modal')
      await removal.getByRole('button', { name: 'Remove' }).click()
      await removal.getByText('Whoops!').waitFor()
      await removal.getByText(BLOCKED, { exact: true }).waitFor()
      await shot('13-remove-bank-blocked')
      await removal.getByRole('button', { name: 'OKAY' }).click()
      assert.deepEqual(problems, [])
    } catch (error) {
      await shot('failed')
      throw error
    }
  })
}
