import { describe, expect, it } from 'vitest'
import * as p from './purchase'
import { agreementSchema, confirmPurchaseSchema, dwollaTosSchema, giftCodeSchema, selectSharesSchema } from './purchaseSchemas'
import { serverSource } from '../../testing/serverSource'

describe('the contract messages', () => {
  // the contract's lines are wrapped: compare with single spaces
  const contract = serverSource('docs/purchase.md').replace(/\s+/g, ' ')
  it('appear word for word in docs/purchase.md', () => {
    const texts = [
      p.SHARES_REQUIRED,
      p.MAXIMUM_REACHED,
      p.NOT_ENOUGH_SHARES,
      p.GIFT_WITH_FREE_SHARE,
      p.SCROLL_TO_AGREE,
      p.AGREEMENT_REQUIRED,
      p.TERMS_REQUIRED,
      p.TOS3_REQUIRED,
      p.PURCHASE_FAILED_TITLE,
      p.SIGNATURE_FAILED,
      p.STATE_UNAVAILABLE,
      p.FUNDED_TITLE,
      p.FUNDED_MESSAGE,
      'You can buy at most {n} shares',
      'Only {n} shares are left.',
      'This promo code is only valid for asset "{ticker}".',
    ]
    for (const text of texts) expect(contract, text).toContain(text)
  })
  it('fill in their numbers', () => {
    expect(p.sharesAboveMaximum(40)).toBe('You can buy at most 40 shares')
    expect(p.sharesLeft(3)).toBe('Only 3 shares are left.')
    expect(p.foreignGiftMessage('#55PS1')).toBe('This promo code is only valid for asset "#55PS1".')
    expect(p.GIFT_CODE_REQUIRED).toBe('Please enter a gift code')
    expect(p.PROCESSING).toBe('Processing, it may take a few seconds')
    expect(p.NO_BANK).toBe('You must add or verify your bank account prior to investing')
  })
})

describe('the share counter', () => {
  it('keeps whole numbers between 1 and the maximum', () => {
    expect(p.clampShares(5, 100)).toBe(5)
    expect(p.clampShares(0, 100)).toBe(1)
    expect(p.clampShares(-3, 100)).toBe(1)
    expect(p.clampShares(250, 100)).toBe(100)
    expect(p.clampShares(2.9, 100)).toBe(2)
    expect(p.clampShares(Number.NaN, 100)).toBe(1)
  })
  it('is 0 when nothing may be bought', () => {
    expect(p.clampShares(5, 0)).toBe(0)
    expect(p.clampShares(5, -1)).toBe(0)
  })
  it('starts at 5, or the saved choice, within the limits', () => {
    expect(p.DEFAULT_SHARES).toBe(5)
    expect(p.initialShares(undefined, 100)).toBe(5)
    expect(p.initialShares(12, 100)).toBe(12)
    expect(p.initialShares('7', 100)).toBe(7)
    expect(p.initialShares(undefined, 3)).toBe(3)
    expect(p.initialShares(undefined, 1)).toBe(1)
  })
  it('auto-repeats after 500 ms every 50 ms', () => {
    expect([p.REPEAT_DELAY_MS, p.REPEAT_SPEED_MS]).toEqual([500, 50])
  })
  it('keeps the digits typed', () => {
    expect(p.sharesInput('12a3')).toBe('123')
    expect(p.sharesInput('007')).toBe('7')
    expect(p.sharesInput('0')).toBe('0')
    expect(p.sharesInput('')).toBe('')
    expect(p.sharesInput('123456789')).toBe('1234567')
  })
  it('checks the shares as the server does', () => {
    expect(p.sharesError(5, 10, false)).toBeNull()
    expect(p.sharesError('5', 10, false)).toBeNull()
    expect(p.sharesError(0, 10, false)).toBe(p.SHARES_REQUIRED)
    expect(p.sharesError('', 10, false)).toBe(p.SHARES_REQUIRED)
    expect(p.sharesError(1.5, 10, false)).toBe(p.SHARES_REQUIRED)
    expect(p.sharesError(11, 10, false)).toBe('You can buy at most 10 shares')
    expect(p.sharesError(1, 10, true)).toBe(p.MAXIMUM_REACHED)
  })
})

describe('the cost', () => {
  it('is shares × price rounded to the cent, minus the gift, never below 0', () => {
    expect(p.subtotal(5, '25.00')).toBe('125.00')
    expect(p.subtotal(3, '10.335')).toBe('31.02')
    expect(p.purchaseCost(5, '25.00')).toBe('125.00')
    expect(p.purchaseCost(5, '25.00', '25.00')).toBe('100.00')
    expect(p.purchaseCost(1, '20.00', '25.00')).toBe('0.00')
    expect(p.purchaseCost(7, 19.99, '10')).toBe('129.93')
  })
  it('counts in cents without floating-point drift', () => {
    expect(p.purchaseCost(3, '0.10')).toBe('0.30')
    expect(p.subtotal(10000, '12.34')).toBe('123400.00')
  })
  it('tells the shortfall', () => {
    expect(p.shortfall('100.00', '125.00')).toBe('25.00')
    expect(p.shortfall('200.00', '125.00')).toBe('0.00')
  })
})

describe('gift codes', () => {
  it('are uppercased and trimmed', () => {
    expect(p.normaliseGiftCode('  cars25 ')).toBe('CARS25')
    expect(p.normaliseGiftCode('wel\u200bcome10')).toBe('WELCOME10')
  })
  it('are required', () => {
    expect(p.giftCodeError('   ')).toBe('Please enter a gift code')
    expect(p.giftCodeError('x')).toBeNull()
  })
  it('must name the asset being bought, when they name one', () => {
    expect(p.giftAssetError({ assetTicker: '#55PS1' }, '#55PS1')).toBeNull()
    expect(p.giftAssetError({ assetTicker: '55ps1' }, '#55PS1')).toBeNull()
    expect(p.giftAssetError({ assetTicker: null }, '#63SPLIT')).toBeNull()
    expect(p.giftAssetError({ assetTicker: '#55PS1' }, '#63SPLIT')).toBe('This promo code is only valid for asset "#55PS1".')
  })
  it('are read from the flow', () => {
    expect(p.giftFrom({ value: '25', redeemCode: 'CARS25', assetTicker: '#55PS1' })).toEqual({ value: '25.00', redeemCode: 'CARS25', assetTicker: '#55PS1' })
    expect(p.giftFrom(null)).toBeNull()
    expect(p.giftFrom({ value: '5' })).toBeNull()
  })
})

describe('the agreement scroll gate', () => {
  it('measures how far the document was read', () => {
    expect(p.readRatio(0, 500, 2000)).toBe(0.25)
    expect(p.readRatio(1500, 500, 2000)).toBe(1)
    expect(p.readRatio(0, 800, 600)).toBe(1)
    expect(p.readRatio(0, 0, 0)).toBe(1)
  })
  it('opens at about 86% (the 1.16 factor)', () => {
    expect(p.canAgree(0.85)).toBe(false)
    expect(p.canAgree(0.86)).toBe(false)
    expect(p.canAgree(0.8621)).toBe(true)
    expect(p.canAgree(1)).toBe(true)
    expect(p.canAgree(p.readRatio(1220, 500, 2000))).toBe(false)
    expect(p.canAgree(p.readRatio(1225, 500, 2000))).toBe(true)
  })
})

describe('the signing frame messages', () => {
  const origin = 'https://app.vitrine.test'
  const frame = {}
  it('accept the four events from this origin and the frame', () => {
    for (const data of ['OK', 'cancel', 'decline', 'error']) expect(p.signingEvent({ data, origin, source: frame }, origin, frame)).toBe(data)
  })
  it('ignore other origins, other windows and other data', () => {
    expect(p.signingEvent({ data: 'OK', origin: 'https://evil.test', source: frame }, origin, frame)).toBeNull()
    expect(p.signingEvent({ data: 'OK', origin, source: {} }, origin, frame)).toBeNull()
    expect(p.signingEvent({ data: 'signing_complete', origin, source: frame }, origin, frame)).toBeNull()
    expect(p.signingEvent({ data: { event: 'OK' }, origin, source: frame }, origin, frame)).toBeNull()
    expect(p.signingEvent({ data: 'decline', origin }, origin)).toBe('decline')
  })
})

describe('the buy button', () => {
  const ok = { progressBar: 40, emailVerified: true, stateStatus: { is_state_blocked: false, io_enabled: true } }
  it('opens the flow when nothing stops it', () => {
    expect(p.buyCheck(ok)).toBe('invest')
    expect(p.buyCheck({ ...ok, stateStatus: undefined })).toBe('invest')
  })
  it('shows the funded popup at 100% or more, first', () => {
    expect(p.buyCheck({ ...ok, progressBar: 100, emailVerified: false })).toBe('funded')
    expect(p.buyCheck({ ...ok, progressBar: '120' })).toBe('funded')
  })
  it('asks for the e-mail, then the state', () => {
    expect(p.buyCheck({ ...ok, emailVerified: false, stateStatus: { is_state_blocked: true } })).toBe('verify-email')
    expect(p.buyCheck({ ...ok, stateStatus: { is_state_blocked: true, io_enabled: true } })).toBe('state')
    expect(p.buyCheck({ ...ok, stateStatus: { is_state_blocked: false, io_enabled: false } })).toBe('state')
  })
  it('links to the flow with the asset in the URL', () => {
    expect(p.makeInvestmentPath(12)).toBe('/app/make-investment?asset=12')
    expect(p.makeInvestmentPath(12, { free: '1' })).toBe('/app/make-investment?asset=12&free=1')
    expect(p.assetIdParam('12')).toBe(12)
    for (const v of [null, '', '0', 'abc', '1.5', '-2']) expect(p.assetIdParam(v)).toBeNull()
  })
})

describe('the purchase schemas', () => {
  const errorOf = async (schema: { validate: (v: unknown) => Promise<unknown> }, value: unknown) =>
    schema.validate(value).then(
      () => null,
      (e: Error) => e.message,
    )
  it('mirror the server messages', async () => {
    expect(await errorOf(dwollaTosSchema, { agreedWithTos3: false })).toBe(p.TOS3_REQUIRED)
    expect(await errorOf(dwollaTosSchema, { agreedWithTos3: true })).toBeNull()
    expect(await errorOf(selectSharesSchema(10, false), { shares: 11, giftCode: '' })).toBe('You can buy at most 10 shares')
    expect(await errorOf(selectSharesSchema(10, false), { shares: 0, giftCode: '' })).toBe(p.SHARES_REQUIRED)
    expect(await errorOf(selectSharesSchema(10, true), { shares: 1, giftCode: '' })).toBe(p.MAXIMUM_REACHED)
    expect(await errorOf(selectSharesSchema(10, false), { shares: 4, giftCode: '' })).toBeNull()
    expect(await errorOf(giftCodeSchema, { redeemCode: '  ' })).toBe(p.GIFT_CODE_REQUIRED)
    expect(giftCodeSchema.cast({ redeemCode: ' cars25 ' }).redeemCode).toBe('CARS25')
    expect(await errorOf(agreementSchema, { agreed: true, read_ratio: 0.5 })).toBe(p.SCROLL_TO_AGREE)
    expect(await errorOf(agreementSchema, { agreed: false, read_ratio: 1 })).toBe(p.AGREEMENT_REQUIRED)
    expect(await errorOf(agreementSchema, { agreed: true, read_ratio: 0.9 })).toBeNull()
    expect(await errorOf(confirmPurchaseSchema, { agreeTerms: false })).toBe(p.TERMS_REQUIRED)
  })
})

describe('the signing frame messages in a dev or test stack', () => {
  it('accept the callback page on the other loopback name (same scheme and port)', () => {
    const frame = {}
    expect(p.signingEvent({ data: 'OK', origin: 'http://localhost:8010', source: frame }, 'http://127.0.0.1:8010', frame)).toBe('OK')
    expect(p.signingEvent({ data: 'OK', origin: 'http://127.0.0.1:8110', source: frame }, 'http://127.0.0.1:8010', frame)).toBeNull()
  })
})
