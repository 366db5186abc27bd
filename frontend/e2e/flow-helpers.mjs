// Helpers of the onboarding browser tests: sign-up, waiting for a wizard step, and calling the flow API as the
// signed-in user (from the page, with the stored JWT).
import assert from 'node:assert/strict'
import { BASE_URL, timed } from './helpers.mjs'

export const PASSWORD = 'Collect1ble!'

/** Signs up a fresh user; the app lands on the tour. */
export const signUp = timed('signUp', async function signUp(page, email) {
  await page.goto(`${BASE_URL}/signup`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  const popup = page.getByRole('alertdialog')
  await popup.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL('**/app/tour')
})

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function stepUrl(step) {
  return new RegExp(`/app/onboarding${step === 'intro' ? '' : `/${escape(step)}`}$`)
}

/** Waits until the wizard shows `step` (URL and the rendered step) with its heading. */
export const atStep = timed('atStep', async function atStep(page, step, title) {
  await page.waitForURL(stepUrl(step))
  await page.locator(`[data-testid="flow-step"][data-step="${step}"]`).waitFor()
  if (title) await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
})

/** The primary button of the current step. */
export const next = timed('next', async function next(page, name = 'Continue') {
  await page.getByTestId('flow-step').getByRole('button', { name, exact: true }).click()
})

/** Picks a radio card by its label. */
export const choose = timed('choose', async function choose(page, label) {
  await page.getByTestId('flow-step').getByText(label, { exact: true }).click()
  await page.getByTestId('flow-step').getByRole('radio', { name: new RegExp(`^${escape(label)}\\b`), checked: true }).waitFor({ state: 'attached' })
})

/** The flow API as the signed-in user: { status, body }. */
export const flowCall = timed('flowCall', async function flowCall(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: { Authorization: `JWT ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      return { status: response.status, body: await response.json().catch(() => null) }
    },
    { method, path, body },
  )
})

/**
 * Submits steps through the API (a quick way to a later step); returns the last FlowState. `call`: how the api is
 * called as the user (flowCall: from the loaded page; trading-helpers' asSignedIn: from the test, before any page).
 */
export const submitSteps = timed('submitSteps', async function submitSteps(page, steps, call = flowCall) {
  const opened = await call(page, 'POST', '/api/flows/onboarding')
  assert.equal(opened.status, 200)
  let state = opened.body
  for (const [step, fields] of steps) {
    assert.equal(state.step, step, `the flow is at ${state.step}, not ${step}`)
    const answer = await call(page, 'POST', `/api/flows/onboarding/${state.flow_id}/steps/${step}`, fields)
    assert.equal(answer.status, 200, `${step}: ${JSON.stringify(answer.body)}`)
    state = answer.body
  }
  return state
})

/** The profile steps up to connect-bank, as a user in CA who is employed and answers No to both questions. */
export const PROFILE_STEPS = [
  ['intro', {}],
  ['name-phone-info', { first_name: 'Instant', last_name: 'Linker', phone_number: '(555) 555-0101' }],
  ['date-of-birth', { date_of_birth: '03/14/1985' }],
  ['home-address', { address: '1 Ferry Building', apt: '', city: 'San Francisco', state: 'CA', postal_code: '94111' }],
  ['ssn', { ssn: '123-45-6789', agreedToCustodianTerms: true, agreedToPaymentTerms: true, agreeAndContinue: true }],
  ['accreditation-status', { accredited_status: '3' }],
  ['employment-status', { employmentStatus: 'RETIRED' }],
  ['employment-details', { pretaxAnnualIncome: '60000', liquidNetWorth: '250000' }],
  ['risk-profile', { riskToleranceLevel: 'MODERATE' }],
  ['finra-or-sec', { isAssociated: false }],
  ['is-shareholder', { isShareholder: false }],
  ['share-purchase-info', {}],
]
