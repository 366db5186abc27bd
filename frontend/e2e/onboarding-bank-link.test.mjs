// The onboarding wizard's instant bank link, at desktop size and as the Android wrapper at 390×844: the wizard follows
// steps sent from elsewhere (server events), then "Sign in to your bank" → the sandbox bank-link page (a bank,
// user_good / pass_good, an account) → back in the app the account type, bank info and confirmation steps are skipped.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'
import { atStep, flowCall, PROFILE_STEPS, submitSteps } from './flow-helpers.mjs'
import { investorThroughApi } from './investor-helpers.mjs'

for (const variant of [DESKTOP, ANDROID]) {
  test(`onboarding with the instant bank link (${variant.name})`, { timeout: 180_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    // signed up through the api (the sign-up's screens: journey, onboarding)
    await investorThroughApi(page, `link-${variant.name}`, { confirmed: false, profile: false })
    const visited = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })

    // the wizard is open while the profile steps are sent from elsewhere: it follows them (server events)
    await page.goto(`${BASE_URL}/app/onboarding`)
    await atStep(page, 'intro', 'Creating Your Profile')
    await submitSteps(page, PROFILE_STEPS)
    await atStep(page, 'connect-bank', 'Connect Your Bank')
    await screenshot(page, variant, 'link-00-connect-bank')
    await page.getByRole('button', { name: 'Sign in to your bank' }).click()

    // the providers' hosted page: pick a bank, sign in with the sandbox credentials, pick an account
    await page.getByRole('button', { name: /Harbor National Bank/ }).click()
    await page.getByLabel('Username').fill('user_good')
    await page.getByLabel('Password').fill('pass_good')
    await screenshot(page, variant, 'link-01-bank-sign-in')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('radio').first().check()
    await page.getByRole('button', { name: 'Continue' }).click()

    // back in the app: the token is submitted, account type, bank info and confirmation are skipped
    await page.waitForURL('**/app/fund-account', { timeout: 45_000 })
    assert.ok(visited.some((p) => p === '/app/onboarding/connect-bank'), `visited: ${visited.join(' ')}`)
    for (const skipped of ['bank-account-type', 'bank-info', 'confirmation']) {
      assert.ok(!visited.includes(`/app/onboarding/${skipped}`), `${skipped} was shown: ${visited.join(' ')}`)
    }
    const userId = await page.evaluate(() => localStorage.getItem('user_id'))
    const flow = await flowCall(page, 'GET', `/api/flows/onboarding/onboarding-${userId}`)
    assert.equal(flow.body.status, 'completed')
    const states = Object.fromEntries(flow.body.steps.map((s) => [s.id, s.state]))
    assert.deepEqual([states['bank-account-type'], states['bank-info'], states.confirmation], ['skipped', 'skipped', 'skipped'])
    await screenshot(page, variant, 'link-02-fund-account')
    assert.deepEqual(problems, [])
  })
}
