// Helpers of the funding browser tests: confirming the e-mail, a flow step under any base path, the sandbox bank's
// statement (micro-deposits), and a small PNG made on the spot.
import zlib from 'node:zlib'
import { BASE_URL, onBase, PROVIDERS_URL, timed, waitForMailLink } from './helpers.mjs'
import { atStep, PROFILE_STEPS, submitSteps } from './flow-helpers.mjs'

export const CONFIRM_LINK = /https?:\/\/[^\s"'<>]+\/email\/confirm\?key=[^\s"'<>]+/

/** Opens the confirmation link from the sandbox mail box. */
export const confirmEmail = timed('confirmEmail', async function confirmEmail(page, email) {
  await page.goto(onBase(await waitForMailLink(email, CONFIRM_LINK)))
  await page.getByTestId('email-confirmed').waitFor()
})

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Waits until the flow under `base` shows `step` (its URL and rendered step), with its heading. */
/** The onboarding to the fund-account page: the profile steps through the API, the bank linked in the sandbox. */
export const onboardWithLinkedBank = timed('onboardWithLinkedBank', async function onboardWithLinkedBank(page) {
  await page.goto(`${BASE_URL}/app/onboarding`)
  await atStep(page, 'intro')
  await submitSteps(page, PROFILE_STEPS)
  await atStep(page, 'connect-bank', 'Connect Your Bank')
  await signInToSandboxBank(page)
  await page.waitForURL('**/app/fund-account', { timeout: 45_000 })
})

/** The bank-linking sandbox's hosted page: the first bank, the sandbox credentials, the first account. */
export const signInToSandboxBank = timed('signInToSandboxBank', async function signInToSandboxBank(page) {
  await page.getByRole('button', { name: 'Sign in to your bank' }).click()
  await page.getByRole('button', { name: /Harbor National Bank/ }).click()
  await page.getByLabel('Username').fill('user_good')
  await page.getByLabel('Password').fill('pass_good')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('radio').first().check()
  await page.getByRole('button', { name: 'Continue' }).click()
})

export const atFlowStep = timed('atFlowStep', async function atFlowStep(page, base, step, title) {
  await page.waitForURL(new RegExp(`${escape(base)}(/${escape(step)})?$`))
  await page.locator(`[data-testid="flow-step"][data-step="${step}"]`).waitFor()
  if (title) await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor()
})

/** The micro-deposits that reached the sandbox bank account, as digits ('0.07' → '7'), once both arrived. */
export const microDeposits = timed('microDeposits', async function microDeposits(routing, account, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let last = null
  while (Date.now() < deadline) {
    const response = await fetch(`${PROVIDERS_URL}/sandbox/banks/transactions?routing=${routing}&account=${account}`)
    last = response.ok ? await response.json() : await response.text()
    const found = Array.isArray(last) ? last.filter((t) => /MICRO-DEPOSIT/.test(t.description)) : []
    if (found.length >= 2) return found.slice(0, 2).map((t) => String(t.amount).slice(-1))
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`no micro-deposits within ${timeoutMs} ms: ${JSON.stringify(last)}`)
})

/** A unique bank account number (12 digits). */
export function accountNumber() {
  return `${Date.now()}`.slice(-9) + String(Math.floor(Math.random() * 1000)).padStart(3, '0')
}

function crc32(buffer) {
  let c = ~0
  for (const byte of buffer) {
    c ^= byte
    for (let k = 0; k < 8; k += 1) c = (c >>> 1) ^ (0xedb88320 & -(c & 1))
  }
  return ~c >>> 0
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length)
  out.writeUInt32BE(data.length, 0)
  out.write(type, 4, 'ascii')
  data.copy(out, 8)
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
  return out
}

/** A width×height RGB PNG: a card-like gold rectangle with a darker band. */
export function makePng(width = 120, height = 80) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = []
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3)
    for (let x = 0; x < width; x += 1) row.set(y > height * 0.6 && y < height * 0.75 ? [85, 64, 27] : [207, 168, 67], 1 + x * 3)
    rows.push(row)
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))])
}
