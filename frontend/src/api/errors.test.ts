import { describe, expect, it } from 'vitest'
import { ApiError, errorFromResponse, errorFromThrown, errorMessage, formErrors, readError } from './errors'

describe('readError: the one error shape (docs/errors.md)', () => {
  it('reads the first message, every message, the field errors and the error_type', () => {
    const read = readError({
      errors: [
        { message: 'Please correct the highlighted fields.' },
        { message: 'Enter a valid SSN: 000-00-0000', field: 'ssn' },
        { message: 'Required', field: 'agreeAndContinue' },
        { message: 'A second one', field: 'ssn' },
      ],
      error_type: 'InvalidStep',
    })
    expect(read.message).toBe('Please correct the highlighted fields.')
    expect(read.messages).toEqual(['Please correct the highlighted fields.', 'Enter a valid SSN: 000-00-0000', 'Required', 'A second one'])
    expect(read.fields).toEqual({ ssn: 'Enter a valid SSN: 000-00-0000', agreeAndContinue: 'Required' })
    expect(read.errorType).toBe('InvalidStep')
  })
  it('reads anything else as no message at all', () => {
    const none = { message: null, messages: [], fields: {}, errorType: null }
    for (const body of [null, undefined, 'text', 42, [], {}, { errors: {} }, { errors: 'x' }, { detail: 'old layout' }, { errors: [{}, { message: '' }, { message: 5 }] }]) {
      expect(readError(body)).toEqual(none)
    }
    // the old flow layout {errors: {field: message}, message} is no longer read
    expect(readError({ errors: { ssn: 'bad' }, message: 'Please correct' }).message).toBeNull()
  })
  it('ignores an empty or non-string field and error_type', () => {
    expect(readError({ errors: [{ message: 'm', field: '' }], error_type: '' })).toEqual({ message: 'm', messages: ['m'], fields: {}, errorType: null })
    expect(readError({ errors: [{ message: 'm', field: 7 }] }).fields).toEqual({})
  })
})

describe('formErrors: field errors on the form, the rest in its alert', () => {
  const read = readError({
    errors: [
      { message: 'Not enough shares' },
      { message: 'Only 1 share left', field: 'shares' },
      { message: 'This promo code is not valid.', field: 'giftCode' },
    ],
  })
  it('puts the errors of the fields the form has on them and shows every other message, the first one first', () => {
    expect(formErrors(read, ['shares', 'giftCode'])).toEqual({
      fields: { shares: 'Only 1 share left', giftCode: 'This promo code is not valid.' },
      messages: ['Not enough shares'],
    })
  })
  it('shows the message of a field the form does not have in the alert', () => {
    expect(formErrors(read, ['shares'])).toEqual({
      fields: { shares: 'Only 1 share left' },
      messages: ['Not enough shares', 'This promo code is not valid.'],
    })
  })
  it('does not repeat a message its field already shows', () => {
    const same = readError({ errors: [{ message: 'This promo code is not valid.', field: 'giftCode' }] })
    expect(formErrors(same, ['giftCode'])).toEqual({ fields: { giftCode: 'This promo code is not valid.' }, messages: [] })
    expect(formErrors(same, [])).toEqual({ fields: {}, messages: ['This promo code is not valid.'] })
  })
})

describe('ApiError and errorMessage', () => {
  it('an answer in the shape: its first message', () => {
    const e = errorFromResponse(422, { errors: [{ message: 'Enter a valid email address', field: 'email' }] })
    expect([e.kind, e.status, e.message]).toEqual(['CLIENT', 422, 'Enter a valid email address'])
    expect(e.read.fields).toEqual({ email: 'Enter a valid email address' })
    expect(errorMessage(e, 'fallback')).toBe('Enter a valid email address')
  })
  it('error_type when there is no message, else the class', () => {
    expect(errorFromResponse(409, { errors: [], error_type: 'FlowEnded' }).message).toBe('FlowEnded')
    expect(errorFromResponse(500, null).message).toBe('SERVER')
  })
  it('the fallback for a network failure, an answer without a body, or no ApiError at all', () => {
    expect(errorMessage(errorFromThrown(new TypeError('Failed to fetch')), 'fallback')).toBe('fallback')
    expect(errorMessage(errorFromResponse(503, '<html>'), 'fallback')).toBe('fallback')
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('fallback')
    expect(new ApiError('CLIENT', 400, null).read.messages).toEqual([])
  })
})
