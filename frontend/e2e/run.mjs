// Runs every browser test file (e2e/*.test.mjs) with node's test runner, E2E_CONCURRENCY files at once (2 by
// default: one stack, one chromium per test), the longest files first so none of them is the run's tail. TAP on
// stdout (scripts/ci_summary.py and scripts/e2e_times.py read it); the exit code is 1 when a test failed.
// Two files share the stack at once: the trading journeys are the only file that moves the ATS's clock, and no other
// file depends on the market's phase (the home page's hero accepts either).
// Three files at once was measured (28 Nov, 2 cores): node's wall 463 s against 414 s for two, the tests' own total
// 1 263 s against 786 s, the CPU at 100 % throughout (chromium ≈ 60 % of it): the machine is saturated at two.
// Again on 29 Nov (headless shell, one chromium, 49 tests, each run alone on the machine): node's wall 462 s for three
// against 452 s for two, the tests' own total 1 313 s against 856 s, the load average at the end 6.5 against 5.3.
// A third time on 29 Nov (49 tests, investors through the api; four runs in one stack, three, two, two, three, on a
// machine loaded by other work, load average 6.5-11): node's wall 339.9 and 230.0 s for three against 236.4 and
// 195.9 s for two; at three the trading journeys (one file: the ATS's clock is the whole stack's) took 269 and 169 s
// against 111 and 101 s and ended the run alone.
import fs from 'node:fs'
import path from 'node:path'
import { run } from 'node:test'
import { tap } from 'node:test/reporters'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { CHROMIUM_OPTIONS } from './chromium.mjs'

const HERE = path.dirname(fileURLToPath(import.meta.url))
// every file, the longest first (the tests' seconds a file in a gate's TAP, 29 Nov: 89, 51, 44, 29, 26, 21, 19, 17,
// 16, 14, 13, 10, 9, 4, 4 and 3; since then make-investment's, funding's, fund-account's, onboarding-bank-link's and
// document-upload's investors are made through the api: ≈ 30 % less of the first two in a run of the suite before and
// after): the two lanes then end within seconds of each other. With only the six longest ranked and the rest in
// alphabetical order, profile-faq (23 s) started last and ran alone at the end — by the measured times one lane ended
// 12 s after the other, against 2 s in this order
const LONGEST_FIRST = [
  'trading-journeys', 'make-investment', 'funding', 'onboarding', 'account-pages', 'app-start', 'fund-account',
  'profile-faq', 'asset-page', 'journey', 'onboarding-bank-link', 'document-upload', 'home', 'special-access',
  'public-pages', 'install',
]

const rank = (file) => {
  const i = LONGEST_FIRST.indexOf(path.basename(file, '.test.mjs'))
  return i < 0 ? LONGEST_FIRST.length : i
}
// `node e2e/run.mjs asset-page trading-journeys`: those files only
const only = process.argv.slice(2)
const files = fs
  .readdirSync(HERE)
  .filter((f) => f.endsWith('.test.mjs') && (only.length === 0 || only.includes(path.basename(f, '.test.mjs'))))
  .sort()
  .map((f) => path.join(HERE, f))
  .sort((a, b) => rank(a) - rank(b))

// One chromium for the whole run, started before the first file: each file connects to it (E2E_BROWSER_WS,
// helpers.mjs) instead of starting its own (a launch per file: ≈ 1.3 s of the first test's time on a quiet machine,
// more beside a second file), and each test still gets a fresh context of its own.
const server = await chromium.launchServer(CHROMIUM_OPTIONS)
process.env.E2E_BROWSER_WS = server.wsEndpoint()

const concurrency = Number(process.env.E2E_CONCURRENCY || 2)
let failed = false
const stream = run({ files, concurrency })
stream.on('test:fail', () => {
  failed = true
})
stream.compose(tap).pipe(process.stdout)
stream.on('end', async () => {
  await server.close().catch(() => undefined)
  process.exitCode = failed ? 1 : 0
})
