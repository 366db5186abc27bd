// The onboarding wizard, at desktop size and as the Android wrapper at 390×844: sign up → tour → every step with a
// manual bank (with a bad date of birth, a P.O. box, the risk alerts, browser back and forward, closing in the middle
// and reopening) → the fund-account page. The instant bank-link path is in onboarding-bank-link.test.mjs.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot, uniqueEmail } from './helpers.mjs'
import { atStep, choose, flowCall, next, signUp } from './flow-helpers.mjs'

const UNDER_18 = 'In order to invest on Vitrine you must be above the age of 18.'

for (const variant of [DESKTOP, ANDROID]) {
  test(`onboarding with a manual bank (${variant.name})`, { timeout: 300_000 }, async (t) => {
    const { page, problems, close } = await launch(variant)
    t.after(close)
    const shot = (step) => screenshot(page, variant, `onboarding-${step}`)
    await signUp(page, uniqueEmail(`onb-${variant.name}`))

    // the tour: welcome → explore → skip to onboarding
    await page.getByRole('button', { name: 'Start the Tour' }).waitFor()
    await shot('00-tour-welcome')
    await page.getByRole('button', { name: 'Start the Tour' }).click()
    await page.waitForURL('**/app/tour/explore')
    await shot('00-tour-explore')
    await page.getByTestId('tour').getByRole('link', { name: 'Skip', exact: true }).click()

    await atStep(page, 'intro', 'Creating Your Profile')
    assert.match(await page.getByTestId('flow-step-count').innerText(), /^Step 1 of \d+/)
    await shot('01-intro')
    await next(page, 'OKAY')

    await atStep(page, 'name-phone-info')
    await page.getByLabel('First name').fill('Ada')
    await page.getByLabel('Last name').fill('Lovelace')
    await page.getByLabel('Phone number').fill('5555551234')
    assert.equal(await page.getByLabel('Phone number').inputValue(), '(555) 555-1234')
    await shot('02-name-phone')
    await next(page)

    // a date of birth under 18: the field says so, nothing advances (and the server says the same)
    await atStep(page, 'date-of-birth', 'Date of Birth')
    const dob = page.getByLabel('Date of birth')
    await dob.pressSequentially('01012015')
    assert.equal(await dob.inputValue(), '01/01/2015')
    await next(page)
    await page.getByText(UNDER_18, { exact: true }).waitFor()
    assert.equal(await dob.getAttribute('aria-invalid'), 'true')
    await shot('03-dob-under-18')
    const flowId = (await flowCall(page, 'POST', '/api/flows/onboarding')).body.flow_id
    const refused = await flowCall(page, 'POST', `/api/flows/onboarding/${flowId}/steps/date-of-birth`, { date_of_birth: '01/01/2015' })
    assert.equal(refused.status, 422)
    assert.equal(refused.body.errors.find((e) => e.field === 'date_of_birth')?.message, UNDER_18) // docs/errors.md
    await atStep(page, 'date-of-birth')
    await dob.fill('04/15/1990')
    await next(page)

    // a P.O. box is refused; a pasted full address keeps the part before the first comma
    await atStep(page, 'home-address', 'Home Address')
    await page.getByLabel('Address', { exact: true }).fill('P.O. Box 1234')
    await page.getByLabel('City').fill('San Francisco')
    await page.getByLabel('State').selectOption('CA')
    await page.getByLabel('ZIP code').fill('94105-12')
    assert.equal(await page.getByLabel('ZIP code').inputValue(), '94105')
    await next(page)
    await page.getByText('PO Boxes are not permitted', { exact: true }).waitFor()
    await shot('04-address-po-box')
    assert.match(page.url(), /\/home-address$/)
    await page.getByLabel('Address', { exact: true }).fill('500 Market St, San Francisco, CA')
    assert.equal(await page.getByLabel('Address', { exact: true }).inputValue(), '500 Market St')
    await next(page)

    // SSN: formatted while typed, masked when not focused
    await atStep(page, 'ssn', 'Social Security Number')
    const ssn = page.getByLabel('Social Security number')
    await ssn.fill('123456789')
    assert.equal(await ssn.inputValue(), '123-45-6789')
    await page.getByText("I agree to the custodian's terms").click()
    await page.getByText("I agree to the payment provider's terms").click()
    assert.equal(await ssn.inputValue(), '***-**-6789')
    await shot('05-ssn')
    await next(page)

    // browser back resyncs the wizard: the saved SSN is shown masked and locked
    await atStep(page, 'accreditation-status', 'Accreditation Status')
    await page.goBack()
    await atStep(page, 'ssn', 'Social Security Number')
    assert.equal(await ssn.inputValue(), '***-**-6789')
    assert.equal(await ssn.isDisabled(), true)
    // forward to a step the server is not at: the URL is corrected to the server's step
    await page.goForward()
    await atStep(page, 'ssn', 'Social Security Number')
    await next(page)

    await atStep(page, 'accreditation-status', 'Accreditation Status')
    await choose(page, 'Not accredited')
    await shot('06-accreditation')
    await next(page)
    await atStep(page, 'employment-status')
    await choose(page, 'Employed')
    await next(page)
    await atStep(page, 'employer-information', 'Employer Information')
    await page.getByLabel('Employer').fill('Analytical Engines Ltd')
    await page.getByLabel('Occupation').fill('Engineer')
    await next(page)

    // close in the middle (FINISH IT NOW stays; No Thanks leaves), then reopen on the same step with what was entered
    await atStep(page, 'employment-details')
    await page.getByTestId('flow-back').click()
    await atStep(page, 'employer-information')
    await page.getByTestId('flow-close').click()
    await page.getByTestId('close-flow-modal').waitFor()
    await shot('07-close-warning')
    await page.getByRole('button', { name: 'FINISH IT NOW' }).click()
    await page.getByTestId('close-flow-modal').waitFor({ state: 'hidden' })
    await page.getByTestId('flow-close').click()
    await page.getByRole('button', { name: "No Thanks, I'll do it later" }).click()
    await page.waitForURL('**/app/home')
    await page.goto(`${BASE_URL}/app/onboarding`)
    await atStep(page, 'employer-information', 'Employer Information')
    assert.equal(await page.getByLabel('Employer').inputValue(), 'Analytical Engines Ltd')
    assert.equal(await page.getByLabel('Occupation').inputValue(), 'Engineer')
    await next(page)

    // income and net worth both under $10,001: the Risk Profile Alert, and the step stays
    await atStep(page, 'employment-details', 'Income and Net Worth')
    await page.getByLabel('Annual income (before taxes)').fill('5000')
    await page.getByLabel('Individual net worth').fill('8000')
    assert.equal(await page.getByLabel('Individual net worth').inputValue(), '$8,000')
    await next(page)
    const alert = page.getByTestId('alert-modal')
    await alert.getByText('Risk Profile Alert').waitFor()
    await shot('08-risk-alert-means')
    await alert.getByRole('button', { name: 'OKAY' }).click()
    assert.match(page.url(), /\/employment-details$/)
    await page.getByLabel('Annual income (before taxes)').fill('85000')
    await page.getByLabel('Individual net worth').fill('150000')
    await next(page)

    // risk profile: the button waits for a choice; Conservative shows the alert and stays
    await atStep(page, 'risk-profile', 'Risk Profile')
    assert.equal(await page.getByTestId('flow-step').getByRole('button', { name: 'Continue' }).isDisabled(), true)
    await choose(page, 'Conservative')
    await next(page)
    await alert.getByText('Risk Profile Alert').waitFor()
    await alert.getByRole('button', { name: 'OKAY' }).click()
    assert.match(page.url(), /\/risk-profile$/)
    await choose(page, 'Growth')
    await shot('09-risk-profile')
    await next(page)

    await atStep(page, 'finra-or-sec')
    await choose(page, 'Yes')
    await next(page)
    await atStep(page, 'organization-name', 'Organization Name')
    await page.getByLabel('Organization name').fill('FINRA')
    await next(page)
    await atStep(page, 'is-shareholder')
    await choose(page, 'No')
    await next(page)

    await atStep(page, 'share-purchase-info', 'Fund Your Account')
    await next(page, 'CONTINUE')
    await atStep(page, 'connect-bank', 'Connect Your Bank')
    await shot('10-connect-bank')
    await page.getByRole('button', { name: 'Enter routing number manually (1-2 business days to verify)' }).click()
    await atStep(page, 'bank-account-type')
    await choose(page, 'Checking')
    await next(page)
    await atStep(page, 'bank-info', 'Bank Information')
    await page.getByLabel('Name on account').fill('Ada Lovelace')
    await page.getByLabel('Routing number').fill('440000107')
    await page.getByLabel('Account number').fill('000123456789')
    await shot('11-bank-info')
    await next(page)

    await atStep(page, 'confirmation', 'Verify Your Bank Account')
    await page.getByTestId('linked-account').getByText('Harbor National Bank').waitFor()
    await page.getByTestId('linked-account').getByText('••••6789').waitFor()
    await shot('12-confirmation')
    await next(page, 'CONTINUE')
    await page.waitForURL('**/app/fund-account')
    assert.deepEqual(problems, [])
  })
}
