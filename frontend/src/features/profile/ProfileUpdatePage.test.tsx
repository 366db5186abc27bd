// @vitest-environment happy-dom
/**
 * /app/profile-update as a person meets it: the root opens name-phone-info with the saved values, the onboarding's
 * messages before anything is sent, the three screens then the confirmation with the changed lines marked, Edit and
 * Back keeping what was typed, one PUT with Confirm, the saved alert and the way back where the person came from; a
 * refusal of the server on its line; a link past an unfilled screen landing on it; a failed read offering a retry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { ProfileUpdatePage } from './ProfileUpdatePage'
import { changedFields, draftOf, firstIncomplete, payloadOf, reachableStep, returnPath } from './profileUpdate'

const USER = 7
const URL = `/api/users/${USER}/personal-information`
const SAVED = {
  first_name: 'Ada', last_name: 'Lovelace', address: '12 Main St', apt: '', city: 'Albany', state: 'NY', postal_code: '12207',
  date_of_birth: '12/10/1985', ssn: '***-**-6789', phone_number: '(555) 555-5555', completion: 100,
}

function render(path: string, state?: unknown) {
  const routes = [
    { path: '/', element: <p>Start</p> },
    { path: '/app/profile-update/*', element: <ProfileUpdatePage /> },
    { path: '/app/settings', element: <p>Settings page</p> },
    { path: '/app/investments', element: <p>My Portfolio page</p> },
  ]
  const app = renderApp(routes, '/')
  void app.router.navigate(path, { state })
  return app
}
const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const step = () => screen.getByTestId('profile-update-step').getAttribute('data-step')
const onStep = async (id: string) => waitFor(() => expect(step()).toBe(id))
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }))

describe('profile update: the rules', () => {
  const draft = draftOf(SAVED)

  it('lets a screen open only when the ones before it pass the onboarding rules', () => {
    expect(firstIncomplete(draft)).toBeNull()
    expect(reachableStep('profile-confirmation', draft)).toBe('profile-confirmation')
    const noDob = { ...draft, date_of_birth: '' }
    expect(firstIncomplete(noDob)).toBe('date-of-birth')
    expect(reachableStep('profile-confirmation', noDob)).toBe('date-of-birth')
    expect(reachableStep('name-phone-info', noDob)).toBe('name-phone-info')
  })

  it('goes back only to an app page, else to Settings', () => {
    expect(returnPath('/app/investments')).toBe('/app/investments')
    expect(returnPath(undefined)).toBe('/app/settings')
    expect(returnPath('https://elsewhere.example')).toBe('/app/settings')
    expect(returnPath('//elsewhere.example/app/')).toBe('/app/settings')
    expect(returnPath('/app/profile-update/profile-confirmation')).toBe('/app/settings')
  })

  it('sends every field cleaned (an emptied apt clears it), never the SSN; compares the phone by its digits', () => {
    expect(payloadOf({ ...draft, first_name: ' Grace\u200b ' })).toEqual({ ...draftOf(SAVED), first_name: 'Grace' })
    expect(payloadOf(draft)).not.toHaveProperty('ssn')
    expect(changedFields(draft, { ...draft, phone_number: '5555555555' })).toEqual([])
    expect(changedFields(draft, { ...draft, city: 'Buffalo' })).toEqual(['city'])
  })
})

describe('ProfileUpdatePage', () => {
  loggedInEachTest(USER)

  it("opens name-phone-info from the root with the saved values, and shows the onboarding's messages before sending", async () => {
    const seen = stubApi({ [`GET ${URL}`]: () => json(SAVED) })
    const { router } = render('/app/profile-update')
    await onStep('name-phone-info')
    expect(router.state.location.pathname).toBe('/app/profile-update/name-phone-info')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Name and Phone')
    expect(field('First name').value).toBe('Ada')
    expect(field('Phone number').value).toBe('(555) 555-5555')
    fill('First name', '  ')
    fill('Last name', '')
    fill('Phone number', '555 12')
    next()
    expect(await screen.findByText('First name is required')).toBeTruthy()
    expect(screen.getByText('Last name is required')).toBeTruthy()
    expect(screen.getByText('Phone number must have 10 to 11 digits')).toBeTruthy()
    expect(step()).toBe('name-phone-info')
    expect(seen.filter((r) => !r.startsWith('GET'))).toEqual([])
  })

  // a walk through four screens: longer than one screen's test on a loaded machine
  const WALK = { timeout: 20_000 }

  it('walks the three screens, shows what will be saved, saves once with Confirm and goes back where it came from', WALK, async () => {
    const sent: Record<string, unknown>[] = []
    stubApi({
      [`GET ${URL}`]: () => json(SAVED),
      [`PUT ${URL}`]: async (request) => {
        const body = (await request.json()) as Record<string, unknown>
        sent.push(body)
        return json({ ...SAVED, ...body, completion: 100 })
      },
    })
    const { router } = render('/app/profile-update', { from: '/app/investments' })
    await onStep('name-phone-info')
    fill('First name', 'Grace')
    fill('Phone number', '6465550134')
    expect(field('Phone number').value).toBe('(646) 555-0134')
    next()
    await onStep('date-of-birth')
    expect(field('Date of birth').value).toBe('12/10/1985')
    fill('Date of birth', '13/40/1985')
    next()
    expect(await screen.findByText('Enter a valid date: MM/DD/YYYY')).toBeTruthy()
    fill('Date of birth', '12/09/1966')
    next()
    await onStep('home-address')
    fill('Address', 'PO Box 7')
    next()
    expect(await screen.findByText('PO Boxes are not permitted')).toBeTruthy()
    fill('Address', '1 Harbor Rd')
    next()
    await onStep('profile-confirmation')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirm Your Profile')
    const first = screen.getByTestId('profile-value-first_name')
    expect(first.textContent).toContain('Grace')
    expect(first.textContent).toContain('Changed')
    expect(screen.getByTestId('profile-value-last_name').textContent).not.toContain('Changed')
    expect(screen.getByTestId('profile-value-state').textContent).toContain('New York')
    expect(sent).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    const saved = await screen.findByRole('alertdialog')
    expect(within(saved).getByText('Profile updated')).toBeTruthy()
    expect(within(saved).getByText('Your personal information is saved.')).toBeTruthy()
    expect(sent).toEqual([{ first_name: 'Grace', last_name: 'Lovelace', phone_number: '(646) 555-0134', date_of_birth: '12/09/1966', address: '1 Harbor Rd', apt: '', city: 'Albany', state: 'NY', postal_code: '12207' }])
    fireEvent.click(within(saved).getByRole('button', { name: 'OK' }))
    await screen.findByText('My Portfolio page')
    expect(router.state.location.pathname).toBe('/app/investments')
  })

  it('keeps what was typed through Edit and Back', WALK, async () => {
    const seen = stubApi({ [`GET ${URL}`]: () => json(SAVED) })
    render('/app/profile-update')
    await onStep('name-phone-info')
    fill('Last name', 'Byron')
    next()
    await onStep('date-of-birth')
    fireEvent.click(screen.getByTestId('flow-back'))
    await onStep('name-phone-info')
    expect(field('Last name').value).toBe('Byron')
    next()
    await onStep('date-of-birth')
    next()
    await onStep('home-address')
    fill('City', 'Buffalo')
    next()
    await onStep('profile-confirmation')
    fireEvent.click(screen.getByRole('button', { name: 'Edit name and phone' }))
    await onStep('name-phone-info')
    expect(field('Last name').value).toBe('Byron')
    fireEvent.click(screen.getByRole('button', { name: 'Close without saving' }))
    await screen.findByText('Settings page')
    expect(seen.filter((r) => !r.startsWith('GET'))).toEqual([])
  })

  it("puts the server's refusal on its line and above the buttons, and saves nothing", async () => {
    stubApi({
      [`GET ${URL}`]: () => json(SAVED),
      [`PUT ${URL}`]: () => json({ errors: [{ message: 'Date is invalid', field: 'date_of_birth' }] }, 422),
    })
    render('/app/profile-update/profile-confirmation')
    await onStep('profile-confirmation')
    expect(screen.getByText('You have not changed anything. Confirm to keep these details as they are.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    const alert = await screen.findByTestId('form-error')
    expect(alert.textContent).toBe('Date is invalid')
    expect(screen.getByTestId('profile-value-date_of_birth').textContent).toContain('Date is invalid')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(step()).toBe('profile-confirmation')
  })

  it('says so when the save fails without an answer', async () => {
    const seen = stubApi({ [`GET ${URL}`]: () => json(SAVED), [`PUT ${URL}`]: () => json({}, 500) })
    render('/app/profile-update/profile-confirmation')
    await onStep('profile-confirmation')
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }))
    expect((await screen.findByTestId('form-error')).textContent).toBe('Oops - Something went wrong. Please try again.')
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(seen.filter((r) => r.startsWith('PUT'))).toHaveLength(1)
  })

  it('opens the first unfilled screen for a link past it', async () => {
    stubApi({ [`GET ${URL}`]: () => json({ ...SAVED, date_of_birth: '', address: '', completion: 70 }) })
    const { router } = render('/app/profile-update/profile-confirmation')
    await onStep('date-of-birth')
    expect(router.state.location.pathname).toBe('/app/profile-update/date-of-birth')
  })

  it('offers a retry when the profile cannot be read', async () => {
    stubApi({ [`GET ${URL}`]: [() => json({ errors: [{ message: 'Not found.' }] }, 404), () => json(SAVED)] })
    render('/app/profile-update')
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }))
    await onStep('name-phone-info')
  })
})
