import { describe, expect, it } from 'vitest'
import { customerStatusPopup, isDocumentNeeded } from './customerStatus'
import { canRemoveBank, openingCheck, REMOVAL_BLOCKED, type GateFacts } from './fundingGate'
import { serverSource } from '../testing/serverSource'
import { BLOCKED_STATE, NO_BANK } from './transfers'

const ready: GateFacts = {
  emails: [{ email: 'ada@example.com', primary: true, verified: true }],
  email: 'ada@example.com',
  stateBlocked: false,
  customerStatus: 'verified',
  bankStatus: 'verified',
}

describe('opening the deposit/withdrawal popup', () => {
  it('opens when every check passes', () => {
    expect(openingCheck(ready)).toEqual({ kind: 'open' })
  })
  it('checks the e-mail first, then the state, the customer, the bank', () => {
    const everythingWrong: GateFacts = {
      emails: [{ email: 'old@example.com', primary: false, verified: true }, { email: 'ada@example.com', primary: true, verified: false }],
      email: 'ada@example.com',
      stateBlocked: true,
      customerStatus: 'suspended',
      bankStatus: null,
    }
    expect(openingCheck(everythingWrong)).toEqual({ kind: 'verify-email', email: 'ada@example.com' })
    const verified = { ...everythingWrong, emails: [{ email: 'ada@example.com', primary: true, verified: true }] }
    expect(openingCheck(verified)).toEqual({ kind: 'popup', popup: { title: 'State Availability Issue', message: BLOCKED_STATE, action: null } })
    const allowedState = { ...verified, stateBlocked: false }
    expect(openingCheck(allowedState)).toMatchObject({ kind: 'popup', popup: { title: 'Account Locked' } })
    expect(openingCheck({ ...allowedState, customerStatus: 'verified' })).toEqual({ kind: 'redirect', to: '/app/fund-account' })
    expect(openingCheck({ ...allowedState, customerStatus: 'not-created' })).toEqual({ kind: 'redirect', to: '/app/onboarding' })
    expect(openingCheck({ ...allowedState, customerStatus: 'verified', bankStatus: 'unverified' })).toEqual({
      kind: 'popup',
      popup: { title: 'Verify Your Bank Account', message: NO_BANK, action: '/app/investments/microdeposits' },
    })
  })
  it('an unverified e-mail without a primary flag uses the account e-mail', () => {
    expect(openingCheck({ ...ready, emails: [] })).toEqual({ kind: 'verify-email', email: 'ada@example.com' })
  })
  it('customer statuses: retry goes back to the onboarding, document to the upload', () => {
    expect(customerStatusPopup('retry')?.action).toBe('/app/onboarding')
    expect(customerStatusPopup('invalid-info')?.title).toBe('Please Verify Your Info')
    expect(customerStatusPopup('document')?.action).toBe('/app/document')
    expect(customerStatusPopup('pending')?.title).toBe('Almost There')
    expect(customerStatusPopup('whatever')?.title).toBe('Something went wrong')
    expect(customerStatusPopup('verified')).toBeNull()
    expect(customerStatusPopup(null)).toBeNull()
    expect(isDocumentNeeded('retry-document')).toBe(true)
    expect(isDocumentNeeded('document-pending')).toBe(false)
  })
  const source = serverSource('domain/customer_status.py')
  it('popups match domain/customer_status.py', () => {
    for (const status of ['document', 'pending', 'retry', 'suspended', 'other']) {
      const popup = customerStatusPopup(status)
      expect(source.includes(`"${popup?.title}"`), status).toBe(true)
      expect(source.includes(`"${popup?.message}"`), status).toBe(true)
    }
  })
})

describe('bank removal', () => {
  const zero = { cash: '0.00', pending: '0.00', investments: '0.00', total: '0.00' }
  it('needs a zero balance and nothing pending', () => {
    expect(canRemoveBank(zero, 0)).toBe(true)
    expect(canRemoveBank({ ...zero, cash: '0.01', total: '0.01' }, 0)).toBe(false)
    expect(canRemoveBank({ ...zero, pending: '5.00', total: '5.00' }, 0)).toBe(false)
    expect(canRemoveBank(zero, 1)).toBe(false)
    expect(REMOVAL_BLOCKED).toBe('You must have a total balance of $0 and no pending transfers or investments, in order to remove your bank account.')
  })
  const source = serverSource('api/routes/bank_removal.py')
  it('the blocked message matches api/routes/bank_removal.py', () => {
    expect(source?.replace(/"\s+"/g, '').includes(REMOVAL_BLOCKED)).toBe(true)
  })
})
