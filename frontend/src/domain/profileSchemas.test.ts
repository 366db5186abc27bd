import { describe, expect, it } from 'vitest'
import type { AnyObjectSchema } from 'yup'
import * as r from './profile'
import * as s from './profileSchemas'
import answers from '../testing/onboardingAnswers.json'

async function errorsOf(schema: AnyObjectSchema, values: object): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false })
    return {}
  } catch (e) {
    const inner = (e as { inner: { path: string; message: string }[] }).inner
    return Object.fromEntries(inner.map((i) => [i.path, i.message]))
  }
}

const TODAY: r.CalendarDate = { year: 2024, month: 6, day: 15 }

describe('name and phone', () => {
  it('needs both names and 10-11 phone digits', async () => {
    expect(await errorsOf(s.namePhoneSchema, {})).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      phone_number: 'Phone number must have 10 to 11 digits',
    })
    expect(await errorsOf(s.namePhoneSchema, { first_name: ' \u200b ', last_name: 'Doe', phone_number: '(555) 555-555' })).toEqual({
      first_name: r.FIRST_NAME_REQUIRED,
      phone_number: r.PHONE_DIGITS,
    })
    expect(await errorsOf(s.namePhoneSchema, { first_name: 'Ada', last_name: 'Doe', phone_number: '(555) 555-5555' })).toEqual({})
  })
})

describe('date of birth', () => {
  const schema = s.dateOfBirthSchema(TODAY)
  it.each([
    ['06/16/2006', { date_of_birth: r.DOB_UNDER_18 }],
    ['06/15/2006', {}],
    ['06/15/2024', { date_of_birth: r.DOB_FUTURE }],
    ['06/14/1873', { date_of_birth: r.DOB_TOO_OLD }],
    ['06/15', { date_of_birth: r.DOB_INVALID }],
  ])('%j', async (value, errors) => expect(await errorsOf(schema, { date_of_birth: value })).toEqual(errors))
})

describe('home address', () => {
  const ok = { address: '1 Main St', apt: '', city: 'San Francisco', state: 'CA', postal_code: '94105' }
  it('accepts a street address', async () => expect(await errorsOf(s.homeAddressSchema, ok)).toEqual({}))
  it('rejects P.O. boxes in address and apt', async () => {
    expect(await errorsOf(s.homeAddressSchema, { ...ok, address: 'P.O. Box 12', apt: 'pob 3' })).toEqual({
      address: 'PO Boxes are not permitted',
      apt: 'PO Boxes are not permitted',
    })
  })
  it('requires address, city, state and zip', async () => {
    expect(await errorsOf(s.homeAddressSchema, {})).toEqual({
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      postal_code: 'ZIP code is required',
    })
    expect(await errorsOf(s.homeAddressSchema, { ...ok, postal_code: '941' })).toEqual({ postal_code: 'ZIP code must have 5 digits' })
  })
})

describe('ssn', () => {
  it('both terms flags without the migration flag', async () => {
    const schema = s.ssnSchema({ locked: false, migrationFlag: false })
    expect(await errorsOf(schema, { ssn: '123456789' })).toEqual({
      ssn: r.SSN_FORMAT,
      agreedToCustodianTerms: r.TERMS_REQUIRED,
      agreedToPaymentTerms: r.TERMS_REQUIRED,
    })
    expect(await errorsOf(schema, { ssn: '123-45-6789', agreedToCustodianTerms: true, agreedToPaymentTerms: true })).toEqual({})
  })
  it('agree & continue with the migration flag', async () => {
    const schema = s.ssnSchema({ locked: false, migrationFlag: true })
    expect(await errorsOf(schema, { ssn: '123-45-6789' })).toEqual({ agreeAndContinue: r.TERMS_REQUIRED })
    expect(await errorsOf(schema, { ssn: '123-45-6789', agreeAndContinue: true })).toEqual({})
  })
  it('a saved SSN is sent masked', async () => {
    const values = { ssn: '***-**-6789', agreeAndContinue: true }
    expect(await errorsOf(s.ssnSchema({ locked: true, migrationFlag: true }), values)).toEqual({})
    expect(await errorsOf(s.ssnSchema({ locked: false, migrationFlag: true }), values)).toEqual({ ssn: r.SSN_FORMAT })
  })
})

describe('choices', () => {
  it('accreditation, employment, account type', async () => {
    expect(await errorsOf(s.accreditationSchema, { accredited_status: '0' })).toEqual({ accredited_status: 'Please choose your accreditation status' })
    expect(await errorsOf(s.accreditationSchema, { accredited_status: '3' })).toEqual({})
    expect(await errorsOf(s.employmentStatusSchema, { employmentStatus: '' })).toEqual({ employmentStatus: 'Employment status is required' })
    expect(await errorsOf(s.employmentStatusSchema, { employmentStatus: 'SELF_EMPLOYED' })).toEqual({})
    expect(await errorsOf(s.accountTypeSchema, {})).toEqual({ accountType: 'Account type is required' })
    expect(await errorsOf(s.accountTypeSchema, { accountType: 'CHECKING' })).toEqual({})
  })
  it('risk tolerance', async () => {
    expect(await errorsOf(s.riskSchema, {})).toEqual({ riskToleranceLevel: r.RISK_REQUIRED })
    expect(await errorsOf(s.riskSchema, { riskToleranceLevel: 'CONSERVATIVE' })).toEqual({ riskToleranceLevel: r.RISK_ALERT_CONSERVATIVE })
    expect(await errorsOf(s.riskSchema, { riskToleranceLevel: 'GROWTH' })).toEqual({})
  })
  it('yes/no questions and their text', async () => {
    expect(await errorsOf(s.associatedSchema, { isAssociated: null })).toEqual({ isAssociated: 'Please answer this question' })
    expect(await errorsOf(s.associatedSchema, { isAssociated: false })).toEqual({})
    expect(await errorsOf(s.shareholderSchema, { isShareholder: 'yes' })).toEqual({ isShareholder: r.ANSWER_REQUIRED })
    expect(await errorsOf(s.shareholderSchema, { isShareholder: true })).toEqual({})
    expect(await errorsOf(s.organizationSchema, { sec_or_finra_organization_name: ' ' })).toEqual({ sec_or_finra_organization_name: 'Organization name is required' })
    expect(await errorsOf(s.tickersSchema, {})).toEqual({ publicly_traded_company_tickers: 'Company ticker is required' })
  })
})

describe('employer', () => {
  it('3 to 64 characters each', async () => {
    expect(await errorsOf(s.employerSchema, { employer: 'AB', occupationOrJobTitle: 'x'.repeat(65) })).toEqual({
      employer: 'Employer should have at least 3 characters',
      occupationOrJobTitle: 'Occupation should have less than 64 characters',
    })
    expect(await errorsOf(s.employerSchema, { employer: 'ACME', occupationOrJobTitle: 'x'.repeat(64) })).toEqual({})
  })
})

describe('income and net worth', () => {
  it('are required', async () => {
    expect(await errorsOf(s.meansSchema, { pretaxAnnualIncome: '', liquidNetWorth: '$' })).toEqual({
      pretaxAnnualIncome: 'Annual income is required',
      liquidNetWorth: 'Individual net worth is required',
    })
  })
  it('under 10001 on both is the risk alert', async () => {
    expect(await errorsOf(s.meansSchema, { pretaxAnnualIncome: '$10,000', liquidNetWorth: '5000' })).toEqual({
      pretaxAnnualIncome: r.RISK_ALERT_LOW_MEANS,
      liquidNetWorth: r.RISK_ALERT_LOW_MEANS,
    })
  })
  it('10001 on either passes', async () => {
    expect(await errorsOf(s.meansSchema, { pretaxAnnualIncome: '$10,001', liquidNetWorth: '0' })).toEqual({})
    expect(await errorsOf(s.meansSchema, { pretaxAnnualIncome: '0', liquidNetWorth: 10001 })).toEqual({})
  })
})

describe('bank', () => {
  it('connect-bank needs a method, and a token for the provider', async () => {
    expect(await errorsOf(s.connectBankSchema, {})).toEqual({ method: 'Choose how to connect your bank' })
    expect(await errorsOf(s.connectBankSchema, { method: 'provider' })).toEqual({ public_token: 'Link your bank to continue' })
    expect(await errorsOf(s.connectBankSchema, { method: 'provider', public_token: 'public-x' })).toEqual({})
    expect(await errorsOf(s.connectBankSchema, { method: 'manual' })).toEqual({})
  })
  it('bank info: name, 9-digit routing, 4-17 digit account', async () => {
    expect(await errorsOf(s.bankInfoSchema, {})).toEqual({
      nameOnAccount: 'Name on account is required',
      routingNumber: 'Routing number is required',
      accountNumber: 'Account number is required',
    })
    expect(await errorsOf(s.bankInfoSchema, { nameOnAccount: 'Ada', routingNumber: '12345678', accountNumber: '123' })).toEqual({
      routingNumber: 'Routing number must have 9 digits',
      accountNumber: 'Account number must have 4 to 17 digits',
    })
    expect(await errorsOf(s.bankInfoSchema, { nameOnAccount: 'Ada', routingNumber: '011000015', accountNumber: '0001234567' })).toEqual({})
  })
})

// the server's answers to the same fields, recorded from the api (tests/flows/test_onboarding_answers.py keeps the
// recording true): each step's schema gives the browser the very messages the server answers with
describe("the server's recorded answers", () => {
  const today = r.calendarToday()
  const schemas: Record<string, AnyObjectSchema> = {
    'name-phone-info': s.namePhoneSchema,
    'date-of-birth': s.dateOfBirthSchema(today),
    'home-address': s.homeAddressSchema,
    ssn: s.ssnSchema({ locked: false, migrationFlag: false }),
    'accreditation-status': s.accreditationSchema,
    'employment-status': s.employmentStatusSchema,
    'employer-information': s.employerSchema,
    'employment-details': s.meansSchema,
    'risk-profile': s.riskSchema,
    'finra-or-sec': s.associatedSchema,
    'organization-name': s.organizationSchema,
    'is-shareholder': s.shareholderSchema,
    'company-ticker': s.tickersSchema,
    'connect-bank': s.connectBankSchema,
    'bank-account-type': s.accountTypeSchema,
    'bank-info': s.bankInfoSchema,
  }
  it('cover every step with a schema', () => {
    expect(new Set(answers.cases.map((c) => c.step))).toEqual(new Set(Object.keys(schemas)))
  })
  it.each(answers.cases.map((c) => [c.step, c.fields, c.errors] as const))('%s %j', async (step, fields, errors) => {
    const schema = schemas[step]
    if (!schema) throw new Error(`no schema for the step ${step}`)
    expect(await errorsOf(schema, fields)).toEqual(errors)
  })
})
