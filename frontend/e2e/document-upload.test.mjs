// The identity document, at desktop size and as the Android wrapper at 390×844: onboarding as a customer the payment
// provider asks for a document (first name 'document') → the error's action leads to /app/document → Passport → an
// unsupported file is refused → a PNG made here is uploaded → the completion message → Done returns to the app.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'
import { atStep, choose, next, PROFILE_STEPS, submitSteps } from './flow-helpers.mjs'
import { atFlowStep, makePng } from './funding-helpers.mjs'
import { investorThroughApi } from './investor-helpers.mjs'

const UNSUPPORTED = 'The file you selected is an unsupported type (JPG and PNG only)'
const UNTIL_SSN = PROFILE_STEPS.slice(0, 5).map(([step, fields]) => [step, step === 'name-phone-info' ? { ...fields, first_name: 'document' } : fields])

for (const variant of [DESKTOP, ANDROID]) {
  test(`identity document upload (${variant.name})`, { timeout: 180_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    const shot = (step) => screenshot(page, variant, `document-${step}`)
    try {
      await investorThroughApi(page, `doc-${variant.name}`, { confirmed: false, profile: false }) // signed up (its screens: journey, onboarding)
      await page.goto(`${BASE_URL}/app/onboarding`)
      await atStep(page, 'intro')
      const state = await submitSteps(page, UNTIL_SSN)
      assert.equal(state.error?.action, '/app/document')

      // the wizard shows the provider's request, whose action opens the document upload
      const modal = page.getByTestId('flow-error-modal')
      await modal.getByText(state.error.title).waitFor()
      await shot('01-onboarding-asks')
      await modal.getByRole('button', { name: 'OKAY' }).click()
      await atFlowStep(page, '/app/document', 'document-type', 'Verify Your Identity')
      await choose(page, 'Passport')
      await shot('02-type')
      await next(page)

      await atFlowStep(page, '/app/document', 'upload', 'Upload Your Photo ID')
      const input = page.getByTestId('file-input')
      await input.setInputFiles({ name: 'passport.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
      await page.getByText(UNSUPPORTED, { exact: true }).waitFor()
      assert.equal(await page.getByTestId('flow-step').getByRole('button', { name: 'Upload' }).isDisabled(), true)
      await input.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: makePng() })
      await page.getByTestId('chosen-file').getByText('passport.png').waitFor()
      assert.equal(await page.getByText(UNSUPPORTED, { exact: true }).count(), 0)
      await shot('03-chosen')
      await next(page, 'Upload')

      await atFlowStep(page, '/app/document', 'complete', 'Photo ID Received')
      await page.getByTestId('document-complete').getByText(/Your ID was received/).waitFor()
      await shot('04-complete')
      await next(page, 'Done')
      await page.waitForURL('**/app/home')
      assert.deepEqual(problems, [])
    } catch (error) {
      await shot('failed')
      throw error
    }
  })
}
