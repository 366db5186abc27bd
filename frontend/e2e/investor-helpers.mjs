// An investor made through the api, for a test whose subject comes after the sign-up: signed up, the e-mail's link
// confirmed, the profile filled, a bank linked (through the bank-link provider's sandbox, its forms posted as its
// hosted page posts them) or entered by hand, and a deposit settled — with no page loaded (investorThroughApi's
// options leave parts out). Each of these steps keeps its own test through the screens: sign-up and its verify popup
// (journey.test.mjs, onboarding.test.mjs), every onboarding step with the manual bank (onboarding.test.mjs), the
// instant bank link (onboarding-bank-link.test.mjs, fund-account.test.mjs), the e-mail's link (fund-account.test.mjs,
// journey.test.mjs), the deposit seen Pending then In Cash (funding.test.mjs).
import assert from 'node:assert/strict'
import { BASE_URL, PROVIDERS_URL, registerThroughApi, timed, uniqueEmail, waitForMailLink } from './helpers.mjs'
import { PASSWORD, PROFILE_STEPS, submitSteps } from './flow-helpers.mjs'
import { CONFIRM_LINK } from './funding-helpers.mjs'
import { asSignedIn, signIn } from './trading-helpers.mjs'

const cents = (amount) => Math.round(Number(amount) * 100)

/** A form of the bank-link sandbox's hosted page, posted as the page posts it; returns where it sends the browser. */
async function postForm(path, fields) {
  const response = await fetch(`${PROVIDERS_URL}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  assert.equal(response.status, 303, `${path}: ${response.status} ${await response.text()}`)
  return new URL(response.headers.get('location'), PROVIDERS_URL)
}

/** The connect-bank step's answer from the bank-link sandbox: the first bank, the sandbox credentials, checking. */
async function linkedBank(page) {
  const returnUrl = `${BASE_URL}/app/onboarding/connect-bank`
  const link = await asSignedIn(page, 'POST', '/api/bank-link/token', { return_url: returnUrl })
  assert.equal(link.status, 200, JSON.stringify(link.body))
  const token = link.body.link_token
  const institution = 'ins_harbor' // Harbor National Bank
  await postForm('/banklink/link/institution', { token, institution })
  const accounts = await postForm('/banklink/link/login', { token, institution, username: 'user_good', password: 'pass_good' })
  const back = await postForm('/banklink/link/accounts', { session: accounts.searchParams.get('session'), account: 'checking' })
  return { method: 'provider', public_token: back.searchParams.get('public_token'), account_id: back.searchParams.get('account_id') }
}

/** The steps of a bank entered by hand (a checking account at `routing`), to the confirmation. */
export const manualBank = (routing, account) => [
  ['connect-bank', { method: 'manual' }],
  ['bank-account-type', { accountType: 'CHECKING' }],
  ['bank-info', { nameOnAccount: 'Grace Hopper', routingNumber: routing, accountNumber: account }],
  ['confirmation', {}],
]

const users = new WeakMap() // page → the user id of the investor investorThroughApi made for it

/** The cash balance of the page's investor (investorThroughApi), read afresh through the api. */
export async function cash(page) {
  const balance = await asSignedIn(page, 'GET', `/api/users/${users.get(page)}/financials/balance`)
  assert.equal(balance.status, 200, JSON.stringify(balance.body))
  return balance.body.cash
}

/** Waits until the cash balance of the page's investor is `amount` (a deposit settling, or a purchase charged). */
export const cashIs = timed('cashIs', async function cashIs(page, amount, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  let last = null
  while (Date.now() < deadline) {
    last = await cash(page)
    if (cents(last) === cents(amount)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`cash is ${last}, not ${amount}, after ${timeoutMs} ms`)
})

/**
 * A new investor, signed in for `page` (its session in the page's storage before its first load: call before the first
 * navigation). `confirmed`: the e-mail's link confirmed; `profile`: the onboarding's profile steps filled, then `bank`:
 * 'linked' (instant, verified), a list of steps (manualBank) or none; `deposit`: an amount deposited and waited for
 * until it is cash (a linked bank only). Returns { email, userId }.
 */
export const investorThroughApi = timed('investorThroughApi', async function investorThroughApi(page, prefix, { confirmed = true, profile = true, bank = 'linked', deposit } = {}) {
  const email = uniqueEmail(prefix)
  await registerThroughApi(email, PASSWORD)
  if (confirmed) {
    const key = new URL(await waitForMailLink(email, CONFIRM_LINK)).searchParams.get('key')
    const answer = await fetch(`${BASE_URL}/api/auth/email/confirm/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key }),
    })
    assert.equal(answer.status, 200, await answer.text())
  }
  const { user_id: userId } = await signIn(page, email, PASSWORD)
  users.set(page, userId)
  if (!profile) return { email, userId }
  const state = await submitSteps(page, PROFILE_STEPS, asSignedIn)
  assert.equal(state.step, 'connect-bank')
  if (bank === 'linked') await submitSteps(page, [['connect-bank', await linkedBank(page)]], asSignedIn)
  else if (bank) await submitSteps(page, bank, asSignedIn)
  if (deposit) {
    const made = await asSignedIn(page, 'POST', '/api/dwolla/transfers/', { type: 'deposit', amount: deposit })
    assert.ok(made.status < 300, `deposit: ${made.status} ${JSON.stringify(made.body)}`)
    await cashIs(page, deposit)
  }
  return { email, userId }
})
