// @vitest-environment happy-dom
/**
 * Settings → personal information as a person meets it: the saved values with the SSN masked as the field's
 * placeholder, the completion percentage, the P.O. box banner as it is typed, 'Date is invalid' before anything is
 * sent, the server's field messages on their fields, and the saved answer shown.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { completion } from './personalInfo'
import { PersonalInfoForm } from './PersonalInfoForm'

const USER = 7
const URL = `/api/users/${USER}/personal-information`
const SAVED = { first_name: 'Ada', last_name: 'Lovelace', address: '12 Main St', apt: '', city: 'Albany', state: 'NY', postal_code: '12207', date_of_birth: '12/10/1985', ssn: '***-**-6789', phone_number: '(555) 555-5555', completion: 100 }

const render = () => renderApp([{ path: '/app/settings', element: <PersonalInfoForm /> }], '/app/settings')
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })

describe('PersonalInfoForm', () => {
  loggedInEachTest(USER)

  it('counts the required fields only', () => {
    expect(completion({ ...SAVED, apt: '' })).toBe(100)
    expect(completion({ first_name: 'Ada' })).toBe(11)
  })

  it('shows the saved values, the SSN masked, and the completion', async () => {
    stubApi({ [`GET ${URL}`]: () => json(SAVED) })
    render()
    expect(await screen.findByText('Profile 100% complete')).toBeTruthy()
    expect((screen.getByLabelText('First name', { exact: false }) as HTMLInputElement).value).toBe('Ada')
    const ssn = screen.getByLabelText('SSN', { exact: false }) as HTMLInputElement
    expect(ssn.value).toBe('')
    expect(ssn.placeholder).toBe('***-**-6789')
  })

  it("warns about a P.O. box as it is typed and says 'Date is invalid' before sending", async () => {
    const seen = stubApi({ [`GET ${URL}`]: () => json(SAVED) })
    render()
    await screen.findByText('Profile 100% complete')
    fill('Address', 'PO Box 12')
    expect(await screen.findByTestId('po-box-banner')).toBeTruthy()
    fill('Date of birth', '02/30/1990')
    fireEvent.click(screen.getByTestId('save-personal-info'))
    expect(await screen.findByText('Date is invalid')).toBeTruthy()
    expect(screen.getByText('PO Boxes are not permitted')).toBeTruthy()
    expect(seen.filter((r) => r.startsWith('PUT'))).toEqual([])
  })

  it('saves, shows the answer, and puts the server’s messages on their fields', async () => {
    const sent: unknown[] = []
    stubApi({
      [`GET ${URL}`]: () => json(SAVED),
      [`PUT ${URL}`]: [
        async (request) => {
          sent.push(await request.json())
          return json({ errors: [{ message: 'Phone number must have 10 to 11 digits', field: 'phone_number' }] }, 422)
        },
        async (request) => {
          sent.push(await request.json())
          return json({ ...SAVED, city: 'Buffalo' })
        },
      ],
    })
    render()
    await screen.findByText('Profile 100% complete')
    fill('City', 'Buffalo')
    fireEvent.click(screen.getByTestId('save-personal-info'))
    expect(await screen.findByText('Phone number must have 10 to 11 digits')).toBeTruthy()
    fireEvent.click(screen.getByTestId('save-personal-info'))
    expect(await screen.findByText('Your personal information is saved.')).toBeTruthy()
    await waitFor(() => expect((screen.getByLabelText('City', { exact: false }) as HTMLInputElement).value).toBe('Buffalo'))
    expect(sent[0]).toMatchObject({ city: 'Buffalo', ssn: '' })
  })
})
