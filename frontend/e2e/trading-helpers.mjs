// Helpers of the trading browser tests: the seeded demo traders (onboarded with a verified bank — the investing
// passport — and cash and aged lots of every traded asset, store/demo_investors.py) logged in, made ready for the
// order wizard (an investor without the passport: profile through the API, the bank linked through the provider's
// sandbox; the seeded ones have it already), the wizard's steps, reads as the user, and the ATS's clock (the
// sandbox's test control of the provider: the tests never wait for a real trading window).
import assert from 'node:assert/strict'
import { BASE_URL, PROVIDERS_URL, timed } from './helpers.mjs'
import { flowCall } from './flow-helpers.mjs'
import { onboardWithLinkedBank } from './funding-helpers.mjs'

export const TRADER_PASSWORD = process.env.E2E_TRADER_PASSWORD || 'Vitrine2026!'
export const ASSET_PATH = '/app/assets/cars/88F40'
export const INSTRUMENT = '88F40'

// the educational post-only alert (once per asset and browser session) comes whenever the catalogue first says
// post-only: closed ('Got it') whenever it stands in the way of the test's next action
async function closePostOnlyAlerts(page) {
  await page.addLocatorHandler(page.getByTestId('post-only-alert'), async (alert) => {
    await alert.getByRole('button', { name: 'Got it' }).click()
  })
}

/** Logs in on the login page; the app lands on /app/home. */
export const logIn = timed('logIn', async function logIn(page, email) {
  await closePostOnlyAlerts(page)
  await page.goto(`${BASE_URL}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(TRADER_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL('**/app/**')
})

const sessions = new WeakMap() // page → the api's login answer (signIn)

/**
 * Signs in through the api, for a test whose subject is not the login (the login page has its own tests: home,
 * app-start, the password change in account-pages): the page's storage holds the session as the login page leaves it
 * (token, user id, exchange token; app/session/sessionStore.ts) from its first page on, so the test's first page load
 * is its own, not the login page's and then the home page's. Call before the first navigation.
 */
export const signIn = timed('signIn', async function signIn(page, email, password = TRADER_PASSWORD) {
  await closePostOnlyAlerts(page)
  const response = await fetch(`${BASE_URL}/api/v3/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, remember_me: false }),
  })
  const answer = await response.json()
  assert.equal(response.status, 200, JSON.stringify(answer))
  sessions.set(page, answer)
  // once per tab (sessionStorage survives the tab's navigations): a later logout stays a logout
  await page.addInitScript((a) => {
    if (sessionStorage.getItem('e2e:signed-in')) return
    sessionStorage.setItem('e2e:signed-in', '1')
    localStorage.setItem('token', a.token)
    localStorage.setItem('user_id', String(a.user_id))
    localStorage.setItem('exchange_token', a.exchange_token)
  }, answer)
  return answer
})

/** The api as the user signIn signed in, from the test (no page needed), with a JSON `body` if any: { status, body }. */
export async function asSignedIn(page, method, path, body) {
  const answer = sessions.get(page)
  assert.ok(answer, 'signIn(page, …) first')
  const headers = { Authorization: `JWT ${answer.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) }
  const response = await fetch(`${BASE_URL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/** A fresh read as the signed-in user (never the browser's HTTP cache): { status, body }. */
export const apiGet = timed('apiGet', async function apiGet(page, path) {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { headers: { Authorization: `JWT ${localStorage.getItem('token')}` }, cache: 'no-store' })
    return { status: response.status, body: await response.json().catch(() => null) }
  }, path)
})

/** The signed-in trader's profile and bank, once (the onboarding flow is done for good afterwards; the seeded traders
 * have both). */
export const readyToTrade = timed('readyToTrade', async function readyToTrade(page) {
  const opened = sessions.has(page) ? await asSignedIn(page, 'POST', '/api/flows/onboarding') : await flowCall(page, 'POST', '/api/flows/onboarding')
  assert.equal(opened.status, 200, JSON.stringify(opened.body))
  const bank = opened.body.steps.find((s) => s.id === 'connect-bank')
  if (bank?.state === 'skipped') return // a bank is linked, the profile was filled with it
  await onboardWithLinkedBank(page)
})

/**
 * The asset page once it shows the market in `phase` (after moveMarketTo: the catalogue catches up with the ATS):
 * 'open' with the 'Trading Window Now open!' banner, otherwise Buy without the banner.
 */
export const assetPageIn = timed('assetPageIn', async function assetPageIn(page, phase) {
  await page.goto(`${BASE_URL}${ASSET_PATH}`)
  await page.getByTestId('trade-buttons').waitFor({ timeout: 30_000 })
  await page.waitForFunction((live) => {
    const banner = document.querySelector('[data-testid="trading-banner"]') !== null
    const buy = document.querySelector('[data-testid="buy-button"]')
    return buy !== null && !buy.hasAttribute('disabled') && banner === live
  }, phase === 'open', { timeout: 90_000, polling: 250 })
})

/** The wizard's current step (its rendered step), optionally with its heading. */
export const wizardAt = timed('wizardAt', async function wizardAt(page, step, title) {
  const wanted = page.locator(`[data-testid="flow-step"][data-step="${step}"]`)
  await wanted.waitFor({ timeout: 30_000 }).catch(async (error) => {
    const at = await page.locator('[data-testid="flow-step"]').getAttribute('data-step', { timeout: 1000 }).catch(() => 'none')
    const text = await page.locator('main').innerText({ timeout: 1000 }).catch(() => '')
    throw new Error(`the wizard is at ${at}, not ${step} (${page.url()}): ${text.slice(0, 400)}`, { cause: error })
  })
  if (title) await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
})

/** The primary button of the current step. */
export const press = timed('press', async function press(page, name) {
  await page.getByTestId('flow-step').getByRole('button', { name, exact: true }).click()
})

/** The order wizard from where it stands (payment terms the first time, the intro, the investing passport) to
 * select-bid; each step is seen to render before it is passed. */
export const toSelect = timed('toSelect', async function toSelect(page) {
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
})

/** What the page shows as popups now (each dialog's test id, whether it is hidden from assistive technology, and its
 * text), for a failure to explain itself. */
async function popupsNow(page) {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((d) => {
      const hidden = d.closest('[aria-hidden="true"], [inert]') ? ' (hidden from assistive technology)' : ''
      return `${d.getAttribute('data-testid') ?? d.getAttribute('role')}${hidden}: ${d.innerText.replace(/\s+/g, ' ').slice(0, 160)}`
    }),
  )
  return found.length ? found.join(' | ') : 'none'
}

/**
 * The queue row's Edit (the row of `/app/orders`, a locator) pressed by keyboard, then the chooser open with `button`
 * ('Edit Order' or 'Cancel Order'); returns the chooser. Enter on the focused button is the user's same action without
 * a position: the queue sits below the live book, and a pointer press and release that straddle a re-render moving
 * the row land on no button (CI, 29 Nov: the chooser never opened after the open's burst of reads). A chooser that
 * does not come says what the page showed instead.
 */
export const openChooser = timed('openChooser', async function openChooser(page, row, button) {
  await row.getByRole('button', { name: /^Edit or cancel/ }).press('Enter', { timeout: 60_000 })
  const chooser = page.getByTestId('order-chooser')
  try {
    await chooser.getByRole('button', { name: button }).waitFor({ timeout: 30_000 })
  } catch (error) {
    const queue = await page.getByTestId('queue-order').allInnerTexts().catch(() => [])
    throw new Error(`no '${button}' in the chooser 30 s after Edit was pressed; popups: ${await popupsNow(page).catch((e) => `unread (${e.message})`)}; the queue: ${JSON.stringify(queue.map((r) => r.replace(/\s+/g, ' ')))}`, { cause: error })
  }
  return chooser
})

/** The chooser's 'Cancel Order' (§4.4: shown only outside live trading; the test has moved the window there). */
export const chooseCancel = timed('chooseCancel', async function chooseCancel(page) {
  await page.getByTestId('order-chooser').getByRole('button', { name: 'Cancel Order' }).click({ timeout: 60_000 })
})

// The e2e stack's demo hours (scripts/stack.py, profile e2e: PROVIDERS_ATS_DEMO_*): session k spans
// [k·cycle, (k+1)·cycle), post-only then open; its CONFIRMATION follows the close, during the next session's post-only.
// Long enough that real time never moves the window during a test: the tests move it with the ATS's clock.
export const DEMO_HOURS = { postOnly: 3600, open: 3600, confirmation: 1800 }
const PROVIDER_KEY = process.env.E2E_PROVIDER_KEY || 'sandbox-provider-key'
const MARGIN = 2 // seconds past a boundary
// the least post-only time left for the market to stay where it is: real time moves the ATS's clock too, and a stack
// started at 12:59:39 UTC stayed in a post-only that opened at 13:00:00, in the middle of a test (its order's Cancel
// hidden by the open)
const POST_ONLY_LEFT = 600

async function atsClock(advanceSeconds) {
  const init = advanceSeconds === undefined
    ? { headers: { 'X-Provider-Key': PROVIDER_KEY } }
    : { method: 'POST', headers: { 'X-Provider-Key': PROVIDER_KEY, 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceSeconds }) }
  const response = await fetch(`${PROVIDERS_URL}/sandbox/ats/clock`, init)
  const body = await response.text()
  assert.equal(response.status, 200, `the ATS clock: ${response.status} ${body}`)
  const { data } = JSON.parse(body)
  assert.equal(data.schedule, 'demo', 'the e2e stack runs the ATS on its demo schedule')
  return Date.parse(data.now) / 1000
}

/**
 * Moves the ATS's clock forward to the next start of `phase` (the sandbox applies the window transitions and sends
 * their webhooks at once): 'post-only' (a session accepting orders, no CONFIRMATION of the previous one under way; where it stays when it is
 * there already),
 * 'open' (live trading) or 'confirmation' (the current session closed, its matches awaiting confirmation).
 */
export const moveMarketTo = timed('moveMarketTo', async function moveMarketTo(phase) {
  const { postOnly, open, confirmation } = DEMO_HOURS
  const cycle = postOnly + open
  const now = await atsClock()
  const start = Math.floor(now / cycle) * cycle // the current session's start
  const at = now - start
  const target = {
    'post-only': at < confirmation ? start + confirmation : at < postOnly - POST_ONLY_LEFT ? now - MARGIN : start + cycle + confirmation,
    open: at < postOnly ? start + postOnly : start + cycle + postOnly,
    confirmation: start + cycle,
  }[phase]
  assert.ok(target !== undefined, `unknown phase ${phase}`)
  await atsClock(target + MARGIN - now) // 0 when the market is there already: the sandbox still applies what is due
  await catalogueSays(phase === 'open' ? 'Trading' : 'Post Only')
})

/**
 * Waits until the catalogue (GET /api/v2/assets/, as any page reads it) shows the instrument's asset in `status`:
 * the window's webhook has the api's market refresher read the ATS at once (api/trading/market_refresher.py), so a
 * page loaded after moveMarketTo reads the new phase, not the one before it (kept until its 15 s catalogue refresh).
 */
const catalogueSays = timed('catalogueSays', async function catalogueSays(status, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let last = null
  while (Date.now() < deadline) {
    const response = await fetch(`${BASE_URL}/api/v2/assets/`, { cache: 'no-store' })
    const body = response.ok ? await response.json() : null
    const items = Array.isArray(body) ? body : body?.items ?? []
    last = items.find((a) => a.ticker === `#${INSTRUMENT}`)?.asset_status ?? null
    if (last === status) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the catalogue says #${INSTRUMENT} is ${last}, not ${status}, ${timeoutMs} ms after the ATS's clock moved`)
})
/**
 * Records, in the page, every event of the trading streams (GET /api/trading/events, a fetch stream: the app's own
 * reader gets an untouched copy) as { event, data }; read them with streamEvents. Call before the first navigation.
 */
export const recordTradingStream = timed('recordTradingStream', async function recordTradingStream(page) {
  await page.addInitScript(() => {
    window.__tradingEvents = []
    const original = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const response = await original(input, init)
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (!url.includes('/api/trading/events') || !response.body) return response
      const [mine, theirs] = response.body.tee()
      void (async () => {
        const reader = mine.pipeThrough(new TextDecoderStream()).getReader()
        let buffer = ''
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ done: true }))
          if (done) return
          buffer += value
          const blocks = buffer.split('\n\n')
          buffer = blocks.pop() ?? ''
          for (const block of blocks) {
            const event = block.match(/^event: ?(.*)$/m)?.[1] ?? 'message'
            const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.replace(/^data: ?/, '')).join('\n')
            let parsed = data
            try { parsed = JSON.parse(data) } catch { /* not JSON: kept as text */ }
            window.__tradingEvents.push({ event, data: parsed })
          }
        }
      })()
      return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers })
    }
  })
})

/** The trading stream events the page received so far, by event name. */
export const streamEvents = timed('streamEvents', async function streamEvents(page, event) {
  return page.evaluate((name) => (window.__tradingEvents ?? []).filter((e) => e.event === name).map((e) => e.data), event)
})
