// Helpers of the trading browser tests: the seeded demo traders (cash and aged lots of every traded asset, verified
// e-mail, no profile yet) logged in, made ready for the order wizard once per stack (profile through the API, the
// bank linked through the provider's sandbox: the investing passport), the wizard's steps, and reads as the user.
import assert from 'node:assert/strict'
import { BASE_URL } from './helpers.mjs'
import { flowCall } from './flow-helpers.mjs'
import { onboardWithLinkedBank } from './funding-helpers.mjs'

export const TRADER_PASSWORD = process.env.E2E_TRADER_PASSWORD || 'Vitrine2026!'
export const ASSET_PATH = '/app/assets/cars/88F40'
export const INSTRUMENT = '88F40'

export async function logIn(page, email) {
  await page.goto(`${BASE_URL}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(TRADER_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/app/**')
}

/** A fresh read as the signed-in user (never the browser's HTTP cache): { status, body }. */
export async function apiGet(page, path) {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { Authorization: `JWT ${localStorage.getItem('token')}` }, cache: 'no-store' })
    return { status: response.status, body: await response.json().catch(() => null) }
  }, path)
}

export async function userId(page) {
  return page.evaluate(() => localStorage.getItem('user_id'))
}

/** The signed-in trader's profile and bank, once (the onboarding flow is done for good afterwards). */
export async function readyToTrade(page) {
  const opened = await flowCall(page, 'POST', '/api/flows/onboarding')
  assert.equal(opened.status, 200, JSON.stringify(opened.body))
  const bank = opened.body.steps.find((s) => s.id === 'connect-bank')
  if (bank?.state === 'skipped') return // a bank is linked, the profile was filled with it
  await onboardWithLinkedBank(page)
}

/** Closes the post-only alert if the market is accepting orders only (once per asset and browser session). */
export async function dismissPostOnly(page) {
  const alert = page.getByTestId('post-only-alert')
  if (await alert.isVisible().catch(() => false)) await alert.getByRole('button', { name: 'Got it' }).click()
}

/**
 * Acknowledges a placed order's summary ("okay"); a matched one's confirm-trade popup may cover it first (the window
 * reached CONFIRMATION meanwhile), which is where the journey goes next anyway.
 */
export async function acknowledgeSummary(page) {
  await Promise.any([page.getByTestId('order-okay').click(), page.getByTestId('confirm-trade').waitFor()])
}

/** The wizard's current step (its rendered step), optionally with its heading. */
export async function wizardAt(page, step, title) {
  const wanted = page.locator(`[data-testid="flow-step"][data-step="${step}"]`)
  await wanted.waitFor({ timeout: 30_000 }).catch(async (error) => {
    const at = await page.locator('[data-testid="flow-step"]').getAttribute('data-step', { timeout: 1000 }).catch(() => 'none')
    const text = await page.locator('main').innerText({ timeout: 1000 }).catch(() => '')
    throw new Error(`the wizard is at ${at}, not ${step} (${page.url()}): ${text.slice(0, 400)}`, { cause: error })
  })
  if (title) await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
}

/** The primary button of the current step. */
export async function press(page, name) {
  await page.getByTestId('flow-step').getByRole('button', { name, exact: true }).click()
}

/** The order wizard from where it stands (payment terms the first time, the intro, the investing passport) to
 * select-bid; each step is seen to render before it is passed. */
export async function toSelect(page) {
  const step = page.locator('[data-testid="flow-step"]')
  for (let hops = 0; hops < 6; hops++) {
    await step.waitFor({ timeout: 30_000 })
    const at = await step.getAttribute('data-step')
    if (at === 'select-bid') return
    if (at === 'dwolla-tos') await step.getByRole('checkbox').first().check({ force: true })
    else if (!['intro', 'investing-passport'].includes(at)) throw new Error(`the order wizard stopped at ${at}`)
    await press(page, 'Continue')
    await page.locator(`[data-testid="flow-step"]:not([data-step="${at}"])`).waitFor({ timeout: 30_000 })
  }
  throw new Error('the order wizard never reached select-bid')
}

/** The chooser's 'Cancel Order' (§4.4: Cancel is hidden during live trading). On the e2e stack's demo hours the
 * window is open 80 s of every 120 s and the catalogue is read every 15 s, so the button shows once the window is
 * post-only or closed again: wait for it that long, then press it. */
export async function chooseCancel(page) {
  await page.getByTestId('order-chooser').getByRole('button', { name: 'Cancel Order' }).click({ timeout: 150_000 })
}
