/**
 * The order wizard's select screen (spec doc 3 §5 "Order form", §4.3): typed reads of the step's context, the Yup
 * rules built from the messages the server sends in that context (domain/trading/order_rules.py is their one home), the
 * price grid (step 0.05, shown rounded up), the estimated cost (exact decimals, domain/money.ts), and the summary's
 * result texts.
 */
import * as Yup from 'yup'
import { Big, toMoney } from '../../../domain/money'
import { orderRules } from '../../../domain/rules.gen'

export type Side = 'BID' | 'ASK'
export type OrderType = 'INSTANT' | 'LIMIT'

export interface SelectMessages {
  units_min: string
  units_max: string
  price_required: string
  price_decimals: string
  funds: string
  instant_unavailable: string
  fund_words: string
  unable_title: string
  unable: string
}

export interface SelectContext {
  side: Side
  editing: boolean
  availableCash: string
  accountValue: string
  sharesOwned: number
  availableToSell: number | null
  lowestAsk: string | null
  lastTradedPrice: string | null
  defaultPrice: string | null
  live: boolean
  instantAvailable: boolean
  defaultOrderType: OrderType
  minUnits: number
  maxUnits: number
  fundLink: string
  loaders: Record<OrderType, string>
  messages: SelectMessages
  refusal: { code: string | null; message: string; field: string | null } | null
}

type Ctx = Record<string, unknown>

const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback)
const int = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN
  return Number.isFinite(n) ? Math.trunc(n) : fallback
}
const maybe = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

export function selectContext(c: Ctx): SelectContext {
  const m = (c.messages && typeof c.messages === 'object' ? c.messages : {}) as Ctx
  const loaders = (c.loaders && typeof c.loaders === 'object' ? c.loaders : {}) as Ctx
  const refusal = c.refusal && typeof c.refusal === 'object' ? (c.refusal as Ctx) : null
  return {
    side: c.side === 'ASK' ? 'ASK' : 'BID',
    editing: c.editing === true,
    availableCash: str(c.available_cash, '0.00'),
    accountValue: str(c.account_value, '0.00'),
    sharesOwned: int(c.shares_owned),
    availableToSell: c.available_to_sell === null || c.available_to_sell === undefined ? null : int(c.available_to_sell),
    lowestAsk: maybe(c.lowest_ask),
    lastTradedPrice: maybe(c.last_traded_price),
    defaultPrice: maybe(c.default_price),
    live: c.live === true,
    instantAvailable: c.instant_available === true,
    defaultOrderType: c.default_order_type === 'INSTANT' && c.instant_available === true ? 'INSTANT' : 'LIMIT',
    minUnits: int(c.min_units, 1),
    maxUnits: int(c.max_units),
    fundLink: str(c.fund_link, '/app/investments/deposit-withdrawal'),
    loaders: { LIMIT: str(loaders.LIMIT), INSTANT: str(loaders.INSTANT) },
    messages: {
      units_min: str(m.units_min),
      units_max: str(m.units_max),
      price_required: str(m.price_required),
      price_decimals: str(m.price_decimals),
      funds: str(m.funds),
      instant_unavailable: str(m.instant_unavailable),
      fund_words: str(m.fund_words),
      unable_title: str(m.unable_title),
      unable: str(m.unable),
    },
    refusal: refusal ? { code: maybe(refusal.code), message: str(refusal.message), field: maybe(refusal.field) } : null,
  }
}

/** The Shares field's helper: the range the side allows, or that there is none (nothing to sell, no share to buy). */
export function unitsHelper(ctx: Pick<SelectContext, 'side' | 'minUnits' | 'maxUnits'>): string {
  if (ctx.maxUnits < ctx.minUnits) return ctx.side === 'ASK' ? 'No shares available to sell' : 'No shares available to buy'
  const max = ctx.maxUnits.toLocaleString('en-US')
  return ctx.maxUnits === ctx.minUnits ? `${max} ${ctx.maxUnits === 1 ? 'share' : 'shares'}` : `${ctx.minUnits} to ${max}`
}

/** A price or amount as typed or sent ('12.3', ' 7 '), exactly, or null when it is not a number with at most 2 decimals. */
export function price(value: string): Big | null {
  const v = value.trim()
  return /^\d+(\.\d{0,2})?$/.test(v) ? new Big(v) : null
}

/** Cents of a decimal text, or null when it is not a number with at most 2 decimals. */
export function cents(value: string): number | null {
  const p = price(value)
  return p === null ? null : p.times(100).toNumber()
}

const TICK = new Big(orderRules.TICK) // domain/trading/order_rules.py's tick, generated

/** On the grid, rounded up; digits past a hundredth of a cent are noise (a float's 0.07 is 0.07000000000000000666). */
function upToTick(amount: Big): string {
  return amount.round(4, Big.roundHalfUp).div(TICK).round(0, Big.roundUp).times(TICK).toFixed(2)
}

/** The price on the $0.05 grid, rounded up (as the form displays a default price), to 2 decimals. */
export function roundUpToTick(value: string | number): string {
  const amount = toMoney(value)
  return amount === null || amount.lte(0) ? '0.00' : upToTick(amount)
}

/** What the price field shows once it loses the focus: a number on the grid (rounded up), else what was typed. */
export function priceOnBlur(value: string): string {
  const p = price(value)
  return p === null || p.lte(0) ? value.trim() : upToTick(p)
}

const wholeUnits = (units: string | number): number =>
  typeof units === 'number' ? units : /^\d+$/.test(units.trim()) ? Number(units) : NaN

/** Estimated cost = shares × price (2 decimals), or null while either is not a number. */
export function estimatedCost(units: string | number, unitPrice: string): string | null {
  const u = wholeUnits(units)
  const p = price(unitPrice)
  if (!Number.isInteger(u) || p === null) return null
  return p.times(u).toFixed(2)
}

export interface SelectValues {
  orderType: OrderType
  units: string
  unitPrice: string
}

/** The select screen's rules, with the server's messages (the server checks again; its 422 has the last word). */
export function selectSchema(ctx: SelectContext) {
  const m = ctx.messages
  return Yup.object({
    orderType: Yup.mixed<OrderType>()
      .oneOf(['INSTANT', 'LIMIT'])
      .test('instant', m.instant_unavailable, (v) => v !== 'INSTANT' || ctx.instantAvailable),
    units: Yup.string().when('orderType', {
      is: 'LIMIT',
      then: (s) =>
        s
          .required(m.units_min)
          .matches(/^\s*\d+\s*$/, m.units_min)
          .test('min', m.units_min, (v) => Number(v) >= ctx.minUnits)
          .test('max', m.units_max, (v) => Number(v) <= ctx.maxUnits),
    }),
    unitPrice: Yup.string().when('orderType', {
      is: 'LIMIT',
      then: (s) =>
        s.required(m.price_required).test('price', function test(v) {
          const text = (v ?? '').trim()
          if (/^\d+\.\d{3,}$/.test(text)) return this.createError({ message: m.price_decimals })
          const p = price(text)
          if (p === null || p.lte(0)) return this.createError({ message: m.price_required })
          if (ctx.side === 'BID' && costOf(this.parent as SelectValues, p).gt(price(ctx.availableCash) ?? 0)) {
            return this.createError({ message: m.funds })
          }
          return true
        }),
    }),
  })
}

function costOf(values: SelectValues, unitPrice: Big): Big {
  const u = Number(values.units)
  return Number.isInteger(u) ? unitPrice.times(u) : new Big(0)
}

/** Spec §5: Review is disabled while the price is 0 or less, or while an error shows (the busy state is the renderer's). */
export function reviewDisabled(values: SelectValues, errorShowing: boolean): boolean {
  return errorShowing || (values.orderType === 'LIMIT' && (price(values.unitPrice)?.lte(0) ?? true))
}

/** What the form submits: an instant buy sends only its type (1 share at the lowest ask, decided by the server). */
export function selectPayload(v: SelectValues): Record<string, unknown> {
  if (v.orderType === 'INSTANT') return { orderType: 'INSTANT' }
  return { orderType: 'LIMIT', units: Number(v.units.trim()), unitPrice: v.unitPrice.trim() }
}

/** Splits the insufficient-funds message around 'FUND YOUR ACCOUNT' so the words can be a link. */
export function fundLinkParts(message: string, words: string): [string, string, string] | null {
  const at = words ? message.indexOf(words) : -1
  if (at < 0) return null
  return [message.slice(0, at), words, message.slice(at + words.length)]
}

export type OrderResult = 'matched' | 'partially-matched' | 'all-set' | 'no-match' | 'queued'

export interface SummaryView {
  result: OrderResult
  title: string
  message: string
  transactionId: string
  orderType: OrderType
  units: number
  unitPrice: string
  estimatedCost: string
  fee: string
  side: Side
  okLink: string
}

const RESULTS: OrderResult[] = ['matched', 'partially-matched', 'all-set', 'no-match', 'queued']
/** The summary step's context as the screen shows it (the server decides the result and its texts). */
export function summaryView(c: Ctx): SummaryView {
  const result = RESULTS.includes(c.result as OrderResult) ? (c.result as OrderResult) : 'no-match'
  const id = str(c.order_id)
  return {
    result,
    title: str(c.title),
    message: str(c.message),
    transactionId: str(c.transaction_id, id.slice(0, 8)),
    orderType: c.order_type === 'INSTANT' ? 'INSTANT' : 'LIMIT',
    units: int(c.units),
    unitPrice: str(c.unit_price, '0.00'),
    estimatedCost: str(c.estimated_cost, '0.00'),
    fee: str(c.fee, '0.00'),
    side: c.side === 'ASK' ? 'ASK' : 'BID',
    okLink: str(c.ok_link, '/app/investments'),
  }
}

/** The order result screen waits this long before the summary (spec §4.3 step 4, §9). */
export const RESULT_DELAY_MS = 3_000
