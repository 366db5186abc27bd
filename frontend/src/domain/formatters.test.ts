import { describe, expect, it } from 'vitest'
import { addressLine, digitsOnly, formatDob, formatMoneyInput, formatPhone, formatSsn, maskSsn } from './formatters'

describe('phone', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555) 1'],
    ['555123', '(555) 123'],
    ['5551234', '(555) 123-4'],
    ['5551234567', '(555) 123-4567'],
    ['(555) 123-4567', '(555) 123-4567'],
    ['15551234567', '1 (555) 123-4567'],
    ['155512345678', '1 (555) 123-4567'],
    ['abc', ''],
  ])('%j → %j', (input, shown) => expect(formatPhone(input)).toBe(shown))
})

describe('date of birth', () => {
  it.each([
    ['0', '0'],
    ['01', '01'],
    ['010', '01/0'],
    ['01/', '01/'],
    ['01/0', '01/0'],
    ['0101', '01/01'],
    ['01012', '01/01/2'],
    ['01012015', '01/01/2015'],
    ['01/01/2015', '01/01/2015'],
    ['01/01/20155', '01/01/2015'],
    ['01/01/', '01/01/'],
    ['1/5/1990', '1/5/1990'],
    ['01//', '01/'],
    ['/', ''],
    ['ab12', '12'],
  ])('%j → %j', (input, shown) => expect(formatDob(input)).toBe(shown))
  it('never passes 10 characters', () => {
    expect(formatDob('1234567890123').length).toBeLessThanOrEqual(10)
  })
})

describe('ssn', () => {
  it.each([
    ['1', '1'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456', '123-45-6'],
    ['123456789', '123-45-6789'],
    ['1234567890', '123-45-6789'],
    ['123-45-6789', '123-45-6789'],
  ])('%j → %j', (input, shown) => expect(formatSsn(input)).toBe(shown))
  it('masks the first 7 characters', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789')
    expect(maskSsn('***-**-6789')).toBe('***-**-6789')
    expect(maskSsn('123-4')).toBe('***-*')
  })
})

describe('money, zip and address', () => {
  it('money is digits with $', () => {
    expect(formatMoneyInput('')).toBe('')
    expect(formatMoneyInput('$')).toBe('')
    expect(formatMoneyInput('5')).toBe('$5')
    expect(formatMoneyInput('52000')).toBe('$52,000')
    expect(formatMoneyInput('$1,234,567')).toBe('$1,234,567')
    expect(formatMoneyInput('12.50')).toBe('$1,250')
    expect(formatMoneyInput('007')).toBe('$7')
    expect(formatMoneyInput(0)).toBe('$0')
    expect(formatMoneyInput(null)).toBe('')
  })
  it('digits only, with a maximum', () => {
    expect(digitsOnly('9a4-1056', 5)).toBe('94105')
    expect(digitsOnly('12')).toBe('12')
  })
  it('address keeps the text before the first comma', () => {
    expect(addressLine('1 Main St, Springfield, IL')).toBe('1 Main St')
    expect(addressLine('1 Main St')).toBe('1 Main St')
    expect(addressLine(',x')).toBe('')
  })
})
