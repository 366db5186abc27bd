import { afterEach, describe, expect, it, vi } from 'vitest'
import { formErrors } from '../api/errors'
import { submitStep } from './api'

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a step submission refused in the one error shape', () => {
  it('422: the field errors go on the step form, the summary in its alert', async () => {
    answer(422, {
      errors: [
        { message: 'Please correct the highlighted fields.' },
        { message: 'Enter a valid SSN: 000-00-0000', field: 'ssn' },
        { message: 'You must agree to continue', field: 'agreeAndContinue' },
      ],
    })
    const outcome = await submitStep('onboarding', 'onboarding-1', 'ssn', { ssn: '12' })
    expect(outcome.kind).toBe('invalid')
    if (outcome.kind !== 'invalid') return
    expect(formErrors(outcome.error, ['ssn', 'agreeAndContinue'])).toEqual({
      fields: { ssn: 'Enter a valid SSN: 000-00-0000', agreeAndContinue: 'You must agree to continue' },
      messages: ['Please correct the highlighted fields.'],
    })
  })
  it('409: the flow moved on; its message is shown', async () => {
    answer(409, { errors: [{ message: 'This step is no longer the current one; the flow moved on.' }], error_type: 'WrongStep' })
    const outcome = await submitStep('onboarding', 'onboarding-1', 'ssn', {})
    expect(outcome.kind).toBe('moved')
    if (outcome.kind !== 'moved') return
    expect(outcome.error.message).toBe('This step is no longer the current one; the flow moved on.')
    expect(outcome.error.errorType).toBe('WrongStep')
  })
  it('another error status is thrown with its first message', async () => {
    answer(404, { errors: [{ message: 'Flow not found.' }] })
    await expect(submitStep('onboarding', 'nope', 'ssn', {})).rejects.toMatchObject({ status: 404, message: 'Flow not found.' })
  })
})
