import { ANDROID, BASE_URL, DESKTOP, launch, screenshot, uniqueEmail } from './helpers.mjs'
import { atStep, choose, flowCall, next, PROFILE_STEPS, signUp, submitSteps } from './flow-helpers.mjs'
const { page, close } = await launch(DESKTOP)
page.on('console', (m) => console.log('console:', m.text()))
try {
  await signUp(page, uniqueEmail('dbg'))
  await submitSteps(page, PROFILE_STEPS.slice(0, 7))
  await page.goto(`${BASE_URL}/app/onboarding`)
  await atStep(page, 'employment-details')
  await page.getByLabel('Annual income (before taxes)').fill('5000')
  await page.getByLabel('Individual net worth').fill('8000')
  await next(page)
  await page.waitForTimeout(1500)
  await page.screenshot({ path: '/tmp/dbg/a.png' })
} finally { await close() }
