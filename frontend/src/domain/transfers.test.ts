import { describe, expect, it } from 'vitest'
import * as t from './transfers'

describe('transfer messages', () => {
  it('are the spec texts', () => {
    expect(t.LIMIT_MESSAGE).toBe('ONE-TIME TRANSFER CAN NOT EXCEED $5000')
    expect(t.verifyEmailMessage('ada@example.com')).toBe('In order to fund your account on Vitrine you must verify your email, ada@example.com')
    expect(t.DEPOSIT_HOLD).toBe('Deposits must stay in your account for seven days before they are available for withdraw.')
    expect(t.DEPOSIT_PROCESSING).toMatch(/^For security purposes, deposits must fully process to your cash balance before being withdrawn/)
    expect(t.TRANSFER_FAILED).toBe('Sorry, something went wrong...')
  })
  it('come from domain/transfer_rules.py (generated)', () => {
    expect(t.TRANSFER_LIMIT).toBe(5000)
    expect(t.NO_BANK).toBe('You must add or verify your bank account prior to investing')
  })
})

describe('the one-time transfer rule', () => {
  it('needs an amount above $0', () => {
    for (const v of ['', '0', '0.00', '.', 'abc', '-5', null, undefined, '1.234']) expect(t.amountError(v), String(v)).toBe(t.AMOUNT_REQUIRED)
  })
  it('allows up to $5000 and refuses a cent more', () => {
    expect(t.amountError('0.01')).toBeNull()
    expect(t.amountError('5000')).toBeNull()
    expect(t.amountError('$5,000.00')).toBeNull()
    expect(t.amountError('5000.01')).toBe(t.LIMIT_MESSAGE)
    expect(t.amountError('10000')).toBe(t.LIMIT_MESSAGE)
  })
  it('keeps a withdrawal within the cash, after the limit', () => {
    expect(t.transferAmountError('withdrawal', '5000.01', 100)).toBe(t.LIMIT_MESSAGE)
    expect(t.transferAmountError('withdrawal', '100.01', 100)).toBe('Your withdrawal can not exceed your available cash of $100.00.')
    expect(t.transferAmountError('withdrawal', '100', 100)).toBeNull()
    expect(t.transferAmountError('withdrawal', '1', 0)).toBe('Your withdrawal can not exceed your available cash of $0.00.')
    expect(t.transferAmountError('deposit', '100.01', 100)).toBeNull()
    expect(t.transferAmountError('deposit', '', 100)).toBe(t.AMOUNT_REQUIRED)
  })
  it('counts in cents', () => {
    expect(t.parseCents('1,000.5')).toBe(100050)
    expect(t.parseCents('.07')).toBe(7)
    expect(t.parseCents('12.')).toBe(1200)
    expect(t.amountPayload('1000')).toBe('1000.00')
    expect(t.amountPayload('0.5')).toBe('0.50')
  })
})

describe('amount inputs', () => {
  it('takes decimals only, two places at most', () => {
    expect(t.formatAmountInput('$1,000.509')).toBe('1000.50')
    expect(t.formatAmountInput('12.3.4')).toBe('12.34')
    expect(t.formatAmountInput('007')).toBe('7')
    expect(t.formatAmountInput('.5')).toBe('0.5')
    expect(t.formatAmountInput('abc')).toBe('')
    expect(t.formatAmountInput('123456789')).toBe('1234567')
  })
  it('micro-deposits: one digit each, sent as 0.0{digit}', () => {
    expect(t.microDigit('a7b')).toBe('7')
    expect(t.microDigit('34')).toBe('3')
    expect(t.microDepositValue('7')).toBe('0.07')
  })
  it('the deposit-holding messages get the Balance Transfers panel', () => {
    expect(t.isBalanceTransferMessage(t.DEPOSIT_HOLD)).toBe(true)
    expect(t.isBalanceTransferMessage(t.DEPOSIT_PROCESSING)).toBe(true)
    expect(t.isBalanceTransferMessage(t.LIMIT_MESSAGE)).toBe(false)
  })
})
