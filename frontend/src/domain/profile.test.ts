import { describe, expect, it } from 'vitest'
import * as r from './profile'
import answers from '../testing/onboardingAnswers.json'

const TODAY: r.CalendarDate = { year: 2024, month: 6, day: 15 }

describe('messages', () => {
  it('are the spec texts, word for word', () => {
    expect(r.DOB_INVALID).toBe('Enter a valid date: MM/DD/YYYY')
    expect(r.DOB_UNDER_18).toBe('In order to invest on Vitrine you must be above the age of 18.')
    expect(r.DOB_FUTURE).toBe('Birth year should be in the past: MM/DD/YYYY')
    expect(r.DOB_TOO_OLD).toBe("You aren't that old. Check your birthday: MM/DD/YYYY")
    expect(r.PO_BOX).toBe('PO Boxes are not permitted')
    expect(r.PHONE_DIGITS).toBe('Phone number must have 10 to 11 digits')
    expect(r.SSN_FORMAT).toBe('Enter a valid SSN: 000-00-0000')
    expect(r.TERMS_REQUIRED).toBe('You must agree to the terms to continue')
    expect(r.INCOME_REQUIRED).toBe('Annual income is required')
    expect(r.NET_WORTH_REQUIRED).toBe('Individual net worth is required')
    expect(r.RISK_ALERT_TITLE).toBe('Risk Profile Alert')
    expect(r.RISK_ALERT_LOW_MEANS).toMatch(/^Trading involves risk that may not be suitable for investors with less than \$10,000/)
    expect(r.RISK_ALERT_CONSERVATIVE).toMatch(/^Trading involves a degree of risk/)
  })

  // the server's own answers (recorded by tests/flows/test_onboarding_answers.py, which checks them against the api):
  // every message the browser shows for a profile field is one the server answers with
  it('are among the answers the server gave', () => {
    const answered = new Set(answers.cases.flatMap((c) => Object.values(c.errors)))
    const messages = Object.entries(r).filter(
      ([k, v]) => typeof v === 'string' && /^[A-Z_0-9]+$/.test(k) && !k.endsWith('_LABEL') && k !== 'RISK_ALERT_TITLE',
    )
    expect(messages.length).toBeGreaterThan(25)
    expect(messages.filter(([, message]) => !answered.has(message as string))).toEqual([])
  })
})

describe('date of birth', () => {
  it.each([
    ['06/16/2006', r.DOB_UNDER_18], // 17, the 18th birthday is tomorrow
    ['01/01/2015', r.DOB_UNDER_18],
    ['06/15/2006', null], // 18 today
    ['06/15/2024', r.DOB_FUTURE], // 0
    ['01/01/2030', r.DOB_FUTURE],
    ['06/14/1873', r.DOB_TOO_OLD], // 151
    ['06/15/1874', null], // 150
    ['1/5/1990', null],
    ['02/29/2000', null],
    ['02/29/2001', r.DOB_INVALID],
    ['02/30/2000', r.DOB_INVALID],
    ['13/01/2000', r.DOB_INVALID],
    ['00/10/2000', r.DOB_INVALID],
    ['01-01-2000', r.DOB_INVALID],
    ['1/1/199', r.DOB_INVALID],
    ['', r.DOB_INVALID],
  ])('%j → %j', (value, message) => {
    expect(r.dobError(value, TODAY)).toBe(message)
  })
  it('counts whole years', () => {
    expect(r.ageOn({ year: 2000, month: 6, day: 16 }, TODAY)).toBe(23)
    expect(r.ageOn({ year: 2000, month: 6, day: 15 }, TODAY)).toBe(24)
  })
})

describe('address', () => {
  it.each(['P.O. Box 12', 'PO BOX 7', 'po box', 'p.o.b. 5', 'P O B 99', '12 Pobla Street', 'P. O. Box'])('rejects %j', (v) => {
    expect(r.isPoBox(v)).toBe(true)
    expect(r.addressLineError(v, true)).toBe(r.PO_BOX)
    expect(r.addressLineError(v, false)).toBe(r.PO_BOX)
  })
  it.each(['123 Main St', 'Apt 4B', 'Post Office Lane 3', 'Boxwood Rd'])('accepts %j', (v) => {
    expect(r.isPoBox(v)).toBe(false)
  })
  it('requires the address, not the apt', () => {
    expect(r.addressLineError('  ', true)).toBe('Address is required')
    expect(r.addressLineError('', false)).toBeNull()
  })
  it('checks state and ZIP', () => {
    expect(r.stateError('CA')).toBeNull()
    expect(r.stateError('PR')).toBeNull()
    expect(r.stateError('XX')).toBe('State is required')
    expect(r.stateError('')).toBe('State is required')
    expect(r.zipError('')).toBe('ZIP code is required')
    expect(r.zipError('1234')).toBe('ZIP code must have 5 digits')
    expect(r.zipError('12a45')).toBe('ZIP code must have 5 digits')
    expect(r.zipError('94105')).toBeNull()
  })
})

describe('phone', () => {
  it.each([['(555) 555-5555', null], ['1 (555) 555-5555', null], ['5555555555', null], ['555-5555', r.PHONE_DIGITS], ['123456789012', r.PHONE_DIGITS], ['', r.PHONE_DIGITS]])(
    '%j → %j',
    (v, message) => expect(r.phoneError(v)).toBe(message),
  )
})

describe('ssn', () => {
  it('needs 3-2-4 digits with dashes', () => {
    expect(r.ssnError('123-45-6789', false)).toBeNull()
    expect(r.ssnError('123456789', false)).toBe(r.SSN_FORMAT)
    expect(r.ssnError('123-45-678', false)).toBe(r.SSN_FORMAT)
    expect(r.ssnError('123-45-67890', false)).toBe(r.SSN_FORMAT)
    expect(r.ssnError('abc-de-fghi', false)).toBe(r.SSN_FORMAT)
  })
  it('accepts the masked SSN only once it is saved', () => {
    expect(r.ssnError('***-**-6789', true)).toBeNull()
    expect(r.ssnError('***-**-6789', false)).toBe(r.SSN_FORMAT)
  })
})

describe('employer and occupation', () => {
  it('need 3 to 64 characters', () => {
    expect(r.lengthError('AB', 'Employer')).toBe('Employer should have at least 3 characters')
    expect(r.lengthError('  AB  ', 'Occupation')).toBe('Occupation should have at least 3 characters')
    expect(r.lengthError('x'.repeat(65), 'Employer')).toBe('Employer should have less than 64 characters')
    expect(r.lengthError('x'.repeat(64), 'Employer')).toBeNull()
    expect(r.lengthError('ACME', 'Employer')).toBeNull()
  })
})

describe('money', () => {
  it('reads digits-only inputs', () => {
    expect(r.moneyAmount('$52,000')).toBe(52000)
    expect(r.moneyAmount(52000)).toBe(52000)
    expect(r.moneyAmount('')).toBeNull()
    expect(r.moneyAmount('$')).toBeNull()
    expect(r.moneyAmount('12.5')).toBeNull()
    expect(r.moneyAmount(-1)).toBeNull()
    expect(r.moneyAmount(true)).toBeNull()
  })
  it('flags low means below 10001 on both', () => {
    expect(r.lowMeans('10000', '10000')).toBe(true)
    expect(r.lowMeans('10001', '0')).toBe(false)
    expect(r.lowMeans('0', '$10,001')).toBe(false)
    expect(r.lowMeans('', '0')).toBe(false)
  })
})

describe('risk and digits', () => {
  it('risk', () => {
    expect(r.riskError('')).toBe('Please choose your risk tolerance')
    expect(r.riskError('CONSERVATIVE')).toBe(r.RISK_ALERT_CONSERVATIVE)
    expect(r.riskError('MODERATE')).toBeNull()
    expect(r.riskError('GROWTH')).toBeNull()
  })
  it('routing and account numbers', () => {
    expect(r.digitsError('', 'Routing number', 9, 9)).toBe('Routing number is required')
    expect(r.digitsError('12345678', 'Routing number', 9, 9)).toBe('Routing number must have 9 digits')
    expect(r.digitsError('12345678a', 'Routing number', 9, 9)).toBe('Routing number must have 9 digits')
    expect(r.digitsError('123456789', 'Routing number', 9, 9)).toBeNull()
    expect(r.digitsError('123', 'Account number', 4, 17)).toBe('Account number must have 4 to 17 digits')
    expect(r.digitsError('1'.repeat(18), 'Account number', 4, 17)).toBe('Account number must have 4 to 17 digits')
    expect(r.digitsError('1234', 'Account number', 4, 17)).toBeNull()
    expect(r.digitsError('1'.repeat(17), 'Account number', 4, 17)).toBeNull()
  })
})
