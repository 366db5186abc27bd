// Shared helpers for the browser tests: Debian's chromium through playwright-core, a fresh context per test,
// screenshots under frontend/test-results/, and the sandbox mail box.
import assert from 'node:assert/strict'
import { after, afterEach, beforeEach } from 'node:test'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_OPTIONS } from './chromium.mjs'

export const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8010').replace(/\/$/, '')
export const PROVIDERS_URL = (process.env.PROVIDERS_URL || 'http://127.0.0.1:8110').replace(/\/$/, '')
export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results')

// E2E_STEPS=1: each call of a helper wrapped in timed() prints, on stderr, the file, the helper, when it started
// (seconds since the file's process started) and how long it took — where a slow test's seconds go
const STEPS = process.env.E2E_STEPS === '1'
const FILE = path.basename(process.argv[1] ?? 'e2e', '.test.mjs')
const since = (t) => ((t - performance.timeOrigin) / 1000).toFixed(1)

/** `fn`, or under E2E_STEPS=1 `fn` printing `[step] <file> <name> @<start> s <duration> s` after each call. */
export function timed(name, fn) {
  if (!STEPS) return fn
  return async function (...args) {
    const start = Date.now()
    let outcome = 'failed'
    try {
      const result = await fn.apply(this, args)
      outcome = ''
      return result
    } finally {
      console.error(`[step] ${FILE} ${name} @${since(start)} s ${((Date.now() - start) / 1000).toFixed(2)} s ${outcome}`.trimEnd())
    }
  }
}

// The pages run with prefers-reduced-motion: reduce (the app's global style then ends every animation and
// transition at once: less for chromium to paint, no wait on a dialog's exit), except a variant made withMotion —
// the desktop trading journeys keep the app's motion under test — or every test under E2E_MOTION=1.
const MOTION = process.env.E2E_MOTION === '1'
/** `variant` with the app's animations and transitions as a user without reduced motion sees them. */
export const withMotion = (variant) => ({ ...variant, reducedMotion: 'no-preference' })

export const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 800 } }
// the Android wrapper's CSS layout (390×844 CSS pixels, touch, mobile) at one device pixel per CSS pixel: a density of
// 2 only made chromium paint four times the pixels (the app has no resolution-dependent style or image; chromium's
// CPU −13 % on five files, docs/testing.md stop 36)
export const ANDROID = {
  name: 'android',
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36 VitrineAndroid/2.12.0',
}

// one chromium for the whole run (run.mjs launches it and names it in E2E_BROWSER_WS: each file connects, and its
// close only disconnects), or one per file when a file runs alone; each test gets a context of its own: cookies,
// storage, cache and service workers as fresh as a new profile's
const SHARED = process.env.E2E_BROWSER_WS
let browser
after(async () => {
  if (browser) await (await browser).close().catch(() => undefined)
})

// the contexts whose pages run on Playwright's clock (launch's `clock`), the only ones fastForward may move
const clocked = new WeakSet()

/**
 * A fresh browser context (headless chromium) for one test; returns the context, its page and a cleanup. `clock`:
 * the page runs on Playwright's clock from its first load (time flows as the real one until a test moves it with
 * fastForward) — only for a journey that waits on a product delay of the page's own (a spec'd timer), never where a
 * test reads the page's time against the server's.
 */
export const launch = timed('launch', async function launch(variant, { clock = false } = {}) {
  browser ??= SHARED ? timed('chromium.connect', () => chromium.connect(SHARED))() : timed('chromium.launch', () => chromium.launch(CHROMIUM_OPTIONS))()
  const { name: _name, ...options } = variant
  const context = await (await browser).newContext({ reducedMotion: MOTION ? 'no-preference' : 'reduce', ...options })
  context.setDefaultTimeout(20_000)
  context.setDefaultNavigationTimeout(30_000)
  const TRACE = process.env.E2E_TRACE
  if (TRACE) await context.tracing.start({ snapshots: false, screenshots: false, sources: false })
  if (clock) {
    await context.clock.install()
    clocked.add(context)
  }
  const page = await context.newPage()
  const problems = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  // what a failed test prints: the page's last URLs and api answers, in order (a race shows in their sequence)
  const trail = []
  const note = (line) => trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`) > 80 && trail.shift()
  page.on('framenavigated', (frame) => frame === page.mainFrame() && note(`url ${frame.url()}`))
  page.on('response', (r) => {
    const url = new URL(r.url())
    if (url.pathname.startsWith('/api/')) note(`${r.request().method()} ${url.pathname} → ${r.status()}`)
  })
  page.on('requestfailed', (r) => note(`${r.method()} ${r.url()} failed: ${r.failure()?.errorText}`))
  const opened = { page, variant, problems, trail }
  launched.push(opened)
  const close = async () => {
    if (TRACE) await context.tracing.stop({ path: `${TRACE}/${path.basename(process.argv[1] ?? 'x')}-${variant.name}-${Date.now()}.zip` }).catch((e) => console.error('trace', e))
    await context.close().catch(() => undefined)
  }
  return { context, page, problems, trail, close }
})

/**
 * Moves the page's clock `ms` ahead at once, firing the timers due on the way (a product delay passes without being
 * waited out); the page must have been launched with `{ clock: true }`.
 */
export const fastForward = timed('fastForward', async function fastForward(page, ms) {
  assert.ok(clocked.has(page.context()), 'launch(variant, { clock: true }) first: the page runs on the real clock')
  await page.clock.fastForward(ms)
})

// every failed test explains itself: each page it launched and still has open is photographed where the failure
// left it (`<the test's name>-failed.png`, which scripts/ci_summary.py names) and its trail printed (the last URLs and
// api answers) with its page errors — afterEach runs before the test's own t.after(close), so the pages are still open
let launched = []
beforeEach(() => {
  launched = []
})
afterEach(async (t) => {
  if (t.passed) return
  const slug = t.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 90)
  for (const [i, { page, problems, trail }] of launched.entries()) {
    if (page.isClosed()) continue
    const file = `${slug}${launched.length > 1 ? `-page${i + 1}` : ''}-failed.png`
    fs.mkdirSync(RESULTS_DIR, { recursive: true })
    const shot = await page
      .screenshot({ path: path.join(RESULTS_DIR, file), timeout: 10_000 })
      .then(() => `screenshot frontend/test-results/${file}`, (error) => `no screenshot (${String(error.message).split('\n')[0]})`)
    const errors = problems.length ? `\nthe page's errors:\n${problems.join('\n')}` : ''
    console.log(`${t.name}${launched.length > 1 ? ` [page ${i + 1}]` : ''} failed at ${page.url()}; ${shot}; the page's trail:\n${trail.join('\n')}${errors}`)
  }
})

/** Resolves once the page's finite animations have ended (a dialog still fading in is not yet what a user sees). */
export async function animationsEnded(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity))
}

// E2E_SCREENSHOTS=1: each test's pictures of its steps (frontend/test-results/<variant>-<step>.png, once the page's
// animations ended), to look at the screens; off by default, so a run pays chromium's encoding of no picture nobody
// looks at (a failed test's pages are always photographed, afterEach above)
const SHOTS = process.env.E2E_SCREENSHOTS === '1'

/** The page as it is now, as `<variant>-<step>.png`, under E2E_SCREENSHOTS=1; nothing otherwise. */
export async function screenshot(page, variant, step) {
  if (!SHOTS) return
  await animationsEnded(page)
  fs.mkdirSync(RESULTS_DIR, { recursive: true })
  await page.screenshot({ path: path.join(RESULTS_DIR, `${variant.name}-${step}.png`), fullPage: false })
}

export function uniqueEmail(prefix) {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`
}

/** Signs an investor up through the api (a test's own investor; the screens are what the test is about). */
export const registerThroughApi = timed('registerThroughApi', async function registerThroughApi(email, password) {
  const registered = await fetch(`${BASE_URL}/api/auth/registration/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  assert.equal(registered.status, 201, await registered.text())
})

/** Polls the sandbox mail box until a message for `to` holds a link matching `pattern`; returns the link. */
export const waitForMailLink = timed('waitForMailLink', async function waitForMailLink(to, pattern, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs
  let last = null
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${PROVIDERS_URL}/sandbox/mail?to=${encodeURIComponent(to)}`)
      if (response.ok) {
        last = await response.json()
        for (const mail of [...last].reverse()) {
          const match = String(mail.text ?? '').match(pattern)
          if (match) return match[0]
        }
      }
    } catch (error) {
      last = String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no mail for ${to} matching ${pattern} within ${timeoutMs} ms; last answer: ${JSON.stringify(last)}`)
})

/** The same path and query on the app under test (the mail's host may differ). */
export function onBase(link) {
  const url = new URL(link)
  return `${BASE_URL}${url.pathname}${url.search}`
}

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * Runs axe-core (WCAG 2 A/AA rules) on the page as it is now and fails listing every violation of impact serious or
 * critical: its rule, its help and the targets of its nodes. `exclude`: CSS selectors of elements left out (each with
 * its reason at the call), never a rule. It first waits for the page's finite animations to end (a dialog fading in
 * measures as text of low contrast).
 */
export const assertNoSeriousA11yViolations = timed('assertNoSeriousA11yViolations', async function assertNoSeriousA11yViolations(page, where, { exclude = [] } = {}) {
  await animationsEnded(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE })
  const violations = await page.evaluate(
    async ({ tags, exclude }) => {
      const context = exclude.length ? { include: [document], exclude: exclude.map((s) => [s]) } : document
      const result = await window.axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }))
    },
    { tags: AXE_TAGS, exclude },
  )
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  assert.deepEqual(
    serious.map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.targets.join(' | ')}`),
    [],
    `axe-core on ${where} (${page.url()})`,
  )
})
