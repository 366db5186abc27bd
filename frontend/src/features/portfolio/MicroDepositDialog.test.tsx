// @vitest-environment happy-dom
/**
 * The micro-deposit popup as a person meets it: one digit per box (anything else is dropped), 'Verify' disabled until
 * both are there, the amounts sent as 0.0{digit}, the server's reason shown on the form, then the success popup.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { json, loggedInEachTest, renderApp, stubApi } from '../../testing/render'
import { MicroDepositDialog } from './MicroDepositDialog'

loggedInEachTest()

describe('the micro-deposit popup', () => {
  it('takes one digit per deposit and verifies after a refusal', async () => {
    const bodies: unknown[] = []
    stubApi({
      'POST /api/dwolla/micro-deposits/': [
        async (request) => {
          bodies.push(await request.json())
          return json({ errors: [{ message: 'Wrong amounts' }] }, 400)
        },
        async (request) => {
          bodies.push(await request.json())
          return json({ message: '' })
        },
      ],
    })
    renderApp([{ path: '/', element: <MicroDepositDialog /> }], '/')
    const first = await screen.findByTestId('micro-1')
    const second = screen.getByTestId('micro-2')
    const verify = screen.getByRole('button', { name: 'Verify' })
    expect(screen.getByLabelText('First deposit')).toBe(first)
    expect(screen.getByLabelText('Second deposit')).toBe(second)
    expect((verify as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(first, { target: { value: 'a7' } })
    expect((first as HTMLInputElement).value).toBe('7')
    expect((verify as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(second, { target: { value: '3' } })
    await waitFor(() => expect((verify as HTMLButtonElement).disabled).toBe(false))
    fireEvent.click(verify)
    expect((await screen.findByTestId('micro-deposit-failure')).textContent).toContain('Micro Deposit Checking Failure')
    expect(screen.getByTestId('micro-deposit-failure').textContent).toContain('Wrong amounts')
    fireEvent.change(first, { target: { value: '4' } })
    fireEvent.click(verify)
    expect(await screen.findByText('Micro Deposit Checking Success')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('You bank account was verified.')
    expect(bodies).toEqual([{ value1: '0.07', value2: '0.03' }, { value1: '0.04', value2: '0.03' }])
  })
})
