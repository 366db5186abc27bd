import { describe, expect, it } from 'vitest'
import { serverSource } from '../../../testing/serverSource'
import { cents, estimatedCost, fundLinkParts, priceOnBlur, reviewDisabled, roundUpToTick, selectContext, selectPayload, selectSchema, summaryView, type SelectValues } from './orderForm'

// what the server sends on select-bid (workflows/trading/order_wizard_context.py, messages from domain/trading/order_rules.py)
const MESSAGES = {
  units_min: 'Please choose at least 1 share',
  units_max: 'You can bid for at most 1000 shares',
  price_required: 'Please enter a price per share greater than $0.00',
  price_decimals: 'Please enter a price per share with at most 2 decimals',
  funds: 'You do not have enough of a cash balance to cover the estimated cost. Please adjust your bid accordingly. You may also FUND YOUR ACCOUNT to cover your future orders.',
  instant_unavailable: 'Instant Buy Currently Unavailable',
  fund_words: 'FUND YOUR ACCOUNT',
  unable_title: 'Unable to Place Order',
  unable: 'There was an issue processing your order request.',
}

const bid = (over: Record<string, unknown> = {}) =>
  selectContext({
    side: 'BID', available_cash: '100.00', account_value: '250.00', lowest_ask: null, instant_available: false,
    default_order_type: 'LIMIT', min_units: 1, max_units: 1000, default_price: '10.00', messages: MESSAGES,
    loaders: { LIMIT: 'Searching for a match...', INSTANT: 'Matching you with a seller...' }, ...over,
  })

async function errorsOf(ctx: ReturnType<typeof bid>, values: SelectValues): Promise<Record<string, string>> {
  try {
    await selectSchema(ctx).validate(values, { abortEarly: false })
    return {}
  } catch (e) {
    const inner = (e as { inner: { path: string; message: string }[] }).inner
    return Object.fromEntries(inner.map((i) => [i.path, i.message]))
  }
}

describe('the select step rules', () => {
  it('are tested with the messages of domain/trading/order_rules.py', () => {
    const src = serverSource('domain/trading/order_rules.py')
    for (const m of [MESSAGES.funds, MESSAGES.instant_unavailable, MESSAGES.price_required, MESSAGES.price_decimals]) expect(src).toContain(m)
  })

  it('takes a whole number of shares from 1 to the most the side allows', async () => {
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '0', unitPrice: '1.00' })).toEqual({ units: MESSAGES.units_min })
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '2.5', unitPrice: '1.00' })).toEqual({ units: MESSAGES.units_min })
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '1001', unitPrice: '0.05' })).toEqual({ units: MESSAGES.units_max })
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '3', unitPrice: '9.95' })).toEqual({})
  })

  it('wants a price above 0 with at most 2 decimals', async () => {
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '1', unitPrice: '' })).toEqual({ unitPrice: MESSAGES.price_required })
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '1', unitPrice: '0' })).toEqual({ unitPrice: MESSAGES.price_required })
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '1', unitPrice: '1.005' })).toEqual({ unitPrice: MESSAGES.price_decimals })
  })

  it("refuses a bid the available cash does not cover with the server's message", async () => {
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '11', unitPrice: '10.00' })).toEqual({ unitPrice: MESSAGES.funds })
    expect(await errorsOf(bid(), { orderType: 'LIMIT', units: '10', unitPrice: '10.00' })).toEqual({})
    const ask = bid({ side: 'ASK', available_cash: '0.00', max_units: 5 })
    expect(await errorsOf(ask, { orderType: 'LIMIT', units: '5', unitPrice: '10.00' })).toEqual({})
  })

  it('compares the cost with the cash exactly, where cents as numbers round (past 2^53 cents)', async () => {
    const rich = bid({ available_cash: '90071992547409.92' })
    // 3 × 30023997515803.31 = 90071992547409.93: one cent more than the cash (as floats both are 9007199254740992 cents)
    expect(await errorsOf(rich, { orderType: 'LIMIT', units: '3', unitPrice: '30023997515803.31' })).toEqual({ unitPrice: MESSAGES.funds })
    expect(await errorsOf(bid({ available_cash: '90071992547409.93' }), { orderType: 'LIMIT', units: '3', unitPrice: '30023997515803.31' })).toEqual({})
    expect(await errorsOf(bid({ available_cash: '0.30' }), { orderType: 'LIMIT', units: '3', unitPrice: '0.10' })).toEqual({})
  })

  it('allows Instant Buy only when an ask rests, and then sends only the type', async () => {
    expect(await errorsOf(bid(), { orderType: 'INSTANT', units: '', unitPrice: '' })).toEqual({ orderType: MESSAGES.instant_unavailable })
    const withAsk = bid({ lowest_ask: '10.05', instant_available: true, default_order_type: 'INSTANT' })
    expect(withAsk.defaultOrderType).toBe('INSTANT')
    expect(await errorsOf(withAsk, { orderType: 'INSTANT', units: '', unitPrice: '' })).toEqual({})
    expect(selectPayload({ orderType: 'INSTANT', units: '3', unitPrice: '1' })).toEqual({ orderType: 'INSTANT' })
    expect(selectPayload({ orderType: 'LIMIT', units: ' 3 ', unitPrice: '9.95 ' })).toEqual({ orderType: 'LIMIT', units: 3, unitPrice: '9.95' })
    expect(bid({ default_order_type: 'INSTANT' }).defaultOrderType).toBe('LIMIT') // no ask: limit is forced
  })
})

describe('prices and costs', () => {
  it('disables Review while the price is 0 or less or an error shows', () => {
    expect(reviewDisabled({ orderType: 'LIMIT', units: '1', unitPrice: '0.00' }, false)).toBe(true)
    expect(reviewDisabled({ orderType: 'LIMIT', units: '1', unitPrice: '0.05' }, false)).toBe(false)
    expect(reviewDisabled({ orderType: 'LIMIT', units: '1', unitPrice: '0.05' }, true)).toBe(true)
    expect(reviewDisabled({ orderType: 'INSTANT', units: '', unitPrice: '' }, false)).toBe(false)
  })

  it('shows a price on the $0.05 grid, rounded up', () => {
    expect(roundUpToTick('10.01')).toBe('10.05')
    expect(roundUpToTick('10.05')).toBe('10.05')
    expect(roundUpToTick(0.07)).toBe('0.10')
    expect(roundUpToTick('3.333333')).toBe('3.35')
    expect(priceOnBlur('9.96')).toBe('10.00')
    expect(priceOnBlur('abc')).toBe('abc')
    expect(priceOnBlur(' 7 ')).toBe('7.00')
  })

  it('estimates the cost as shares × price', () => {
    expect(estimatedCost('3', '9.95')).toBe('29.85')
    expect(estimatedCost(1, '10.05')).toBe('10.05')
    expect(estimatedCost('x', '1.00')).toBeNull()
    expect(cents('12.3')).toBe(1230)
  })

  it('counts money exactly where JavaScript numbers drift', () => {
    expect(estimatedCost(3, '0.10')).toBe('0.30') // 3 × 0.1 is 0.30000000000000004 as a float
    expect(estimatedCost('3', '30023997515803.31')).toBe('90071992547409.93') // floats: …409.92
    expect(estimatedCost(1_000_000_007, '99999.99')).toBe('99999990699999.93')
    expect(cents('0.29')).toBe(29) // 0.29 × 100 is 28.999999999999996 as a float
    expect(cents('1.005')).toBeNull()
    expect(roundUpToTick(0.1 + 0.2)).toBe('0.30')
    expect(roundUpToTick('1.005')).toBe('1.05')
    expect(priceOnBlur('1234567890123.01')).toBe('1234567890123.05')
  })

  it("links the words 'FUND YOUR ACCOUNT' in the insufficient-funds message", () => {
    const parts = fundLinkParts(MESSAGES.funds, 'FUND YOUR ACCOUNT')
    expect(parts?.[1]).toBe('FUND YOUR ACCOUNT')
    expect(parts?.join('')).toBe(MESSAGES.funds)
    expect(fundLinkParts('Something else', 'FUND YOUR ACCOUNT')).toBeNull()
    expect(fundLinkParts(MESSAGES.funds, '')).toBeNull()
  })
})

describe('the summary', () => {
  it('shows the result the server decided, the 8-character transaction id and fee 0', () => {
    const v = summaryView({
      result: 'partially-matched', title: "you've been partially matched!", message: '2 of your shares were matched.',
      order_id: '0f8fad5b-d9cb-469f-a165-70867728950e', transaction_id: '0f8fad5b', order_type: 'LIMIT', units: 5,
      unit_price: '9.95', estimated_cost: '49.75', fee: '0.00', side: 'BID',
    })
    expect(v).toMatchObject({ result: 'partially-matched', transactionId: '0f8fad5b', fee: '0.00', units: 5, estimatedCost: '49.75' })
  })

  it('falls back to no match for an unknown result and derives the transaction id from the order id', () => {
    const v = summaryView({ result: 'weird', order_id: 'abcdef0123456789', title: 'no matches yet!' })
    expect(v.result).toBe('no-match')
    expect(v.transactionId).toBe('abcdef01')
    expect(summaryView({ result: 'queued', title: 'Experiencing High Order Volumes' }).result).toBe('queued')
  })
})
