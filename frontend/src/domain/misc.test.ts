import { describe, expect, it } from 'vitest'
import { readError } from '../api/errors'
import { failureMessage, loginErrorMessage, signupErrorMessages } from './authErrors'
import { assetPath, categoryByPathname, CATEGORIES } from './categories'
import { jwtExpiry, refreshDelayMs } from './jwt'
import { formatAmountShort, formatMoney } from './money'
import { categoriesWithDot, parseOpened } from './navDots'
import { signingReply } from './signingCallback'

function jwt(payload: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`
}

describe('auth error messages', () => {
  const answer = (body: unknown) => ({ network: false as const, error: readError(body) })
  it('login', () => {
    expect(loginErrorMessage({ network: true })).toBe('Something went wrong. Please, try again later.')
    expect(loginErrorMessage(answer({ errors: [{ message: 'first' }, { message: 'second' }], error_type: 'Account locked' }))).toBe('Account locked')
    expect(loginErrorMessage(answer({ errors: [{ message: 'first' }, { message: 'second' }] }))).toBe('first')
    expect(loginErrorMessage(answer(null))).toBe('Unable to login with provided credentials')
    expect(loginErrorMessage(answer({ errors: [] }))).toBe('Unable to login with provided credentials')
  })
  it('signup', () => {
    expect(signupErrorMessages({ network: true })).toEqual(['Something went wrong. Please, try again later.'])
    expect(signupErrorMessages(answer({ errors: [{ message: 'a' }, { message: 'b' }] }))).toEqual(['a', 'b'])
    expect(signupErrorMessages(answer({}))).toEqual(['Unable to signup with provided credentials'])
  })
  it('other calls use the first message', () => {
    expect(failureMessage(answer({ errors: [{ message: 'Invalid key', field: 'key' }] }), 'fallback')).toBe('Invalid key')
    expect(failureMessage(answer(null), 'fallback')).toBe('fallback')
    expect(failureMessage({ network: true }, 'fallback')).toBe('Something went wrong. Please, try again later.')
  })
})

describe('jwt refresh', () => {
  const nowMs = 1_000_000_000_000
  it('reads exp', () => {
    expect(jwtExpiry(jwt({ exp: 1234, user_id: 1 }))).toBe(1234)
    expect(jwtExpiry('not-a-jwt')).toBeNull()
    expect(jwtExpiry(jwt({ user_id: 1 }))).toBeNull()
  })
  it('schedules 60 s before expiry', () => {
    expect(refreshDelayMs(jwt({ exp: nowMs / 1000 + 600 }), nowMs)).toBe(540_000)
  })
  it('refreshes at once when less than 60 s remain', () => {
    expect(refreshDelayMs(jwt({ exp: nowMs / 1000 + 59 }), nowMs)).toBe(0)
    expect(refreshDelayMs(jwt({ exp: nowMs / 1000 - 10 }), nowMs)).toBe(0)
  })
})

describe('money', () => {
  it('2 decimals with $', () => {
    expect(formatMoney('12.5')).toBe('$12.50')
    expect(formatMoney(1234.567)).toBe('$1,234.57')
    expect(formatMoney('-3')).toBe('-$3.00')
    expect(formatMoney(null)).toBe('—')
  })
  it('rounds the exact decimal half up to the cent, where a float would not', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30')
    expect(formatMoney('1.005')).toBe('$1.01') // the float 1.005 is 1.00499999999999989…
    expect(formatMoney(1.005)).toBe('$1.01')
    expect(formatMoney('2.675')).toBe('$2.68')
    expect(formatMoney('-1.005')).toBe('-$1.01')
    expect(formatMoney('12345678901234567.89')).toBe('$12,345,678,901,234,567.89') // a float: …568.00
    expect(formatMoney('abc')).toBe('—')
    expect(formatMoney('')).toBe('—')
  })
  it('whole dollars for the money inputs', () => {
    expect(formatMoney('52000', { wholeDollars: true })).toBe('$52,000')
    expect(formatMoney('999999999999', { wholeDollars: true })).toBe('$999,999,999,999')
  })
  it('abbreviates thousands and millions', () => {
    expect(formatAmountShort('950')).toBe('$950')
    expect(formatAmountShort(12500)).toBe('$12.5K')
    expect(formatAmountShort('125000.00')).toBe('$125K')
    expect(formatAmountShort(1_250_000)).toBe('$1.25M')
    expect(formatAmountShort('1005')).toBe('$1.01K') // floats: 1.005 rounds to $1K
    expect(formatAmountShort('-12500')).toBe('-$12.5K')
    expect(formatAmountShort('1234567890123.45')).toBe('$1234567.89M')
  })
})

describe('categories', () => {
  it('has the five with their pathnames and keys', () => {
    expect(CATEGORIES.map((c) => [c.title, c.pathname, c.key])).toEqual([
      ['History', 'history', 'history'],
      ['Comics and Literature', 'comics-literature', 'art'],
      ['Cars', 'cars', 'cars'],
      ['Luxury', 'luxury', 'watches'],
      ['Wine and Spirits', 'wine-spirits', 'wine-spirits'],
    ])
    expect(categoryByPathname(CATEGORIES, 'luxury')?.key).toBe('watches')
  })
  it('builds asset paths without #', () => {
    expect(assetPath(CATEGORIES, { category: 'art', ticker: '#ACTION1' })).toBe('/app/assets/comics-literature/ACTION1')
  })
})

describe('category dots', () => {
  const assets = [
    { id: 1, category: 'cars', asset_status: 'Open ICO', progress_bar: 40, is_exited: false },
    { id: 2, category: 'art', asset_status: 'Open ICO', progress_bar: 100, is_exited: false },
    { id: 3, category: 'history', asset_status: 'Coming Soon', progress_bar: 0, is_exited: false },
    { id: 4, category: 'watches', asset_status: 'Open ICO', progress_bar: 10, is_exited: false },
  ]
  it('marks categories with an unopened open offering under 100%', () => {
    expect([...categoriesWithDot(assets, new Set())].sort()).toEqual(['cars', 'watches'])
    expect([...categoriesWithDot(assets, new Set([4]))]).toEqual(['cars'])
  })
  it('reads the opened list safely', () => {
    expect([...parseOpened('[1,2,"x"]')]).toEqual([1, 2])
    expect(parseOpened('{broken').size).toBe(0)
    expect(parseOpened(null).size).toBe(0)
  })
})

describe('signing callback', () => {
  it('maps events to messages and delays', () => {
    expect(signingReply('signing_complete')).toEqual({ message: 'OK', delayMs: 10, showError: false })
    expect(signingReply('cancel')).toEqual({ message: 'cancel', delayMs: 10, showError: false })
    expect(signingReply('decline')).toEqual({ message: 'decline', delayMs: 10, showError: false })
    expect(signingReply('ttl_expired')).toEqual({ message: 'error', delayMs: 3000, showError: true })
    expect(signingReply(null).message).toBe('error')
  })
})
