/**
 * Money (spec doc 1 §5): amounts as exact decimals (big.js: the api sends them as decimal strings, and cents as
 * JavaScript numbers drift, 0.1 + 0.2 ≠ 0.3), and their one display: '$', thousands separators and 2 decimals
 * (Intl.NumberFormat), or thousands abbreviated K and millions M.
 */
import Big from 'big.js'

export { Big }

/** An amount as an exact decimal: a finite number or a decimal text ('12.50', ' 7 ', '1e3'); null for anything else. */
export function toMoney(value: string | number | null | undefined): Big | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  const text = String(value).trim().replace(/^\+/, '')
  if (text === '') return null
  try {
    return new Big(text)
  } catch {
    return null
  }
}

/** Intl.NumberFormat formats a decimal text exactly (ES2023), so an amount never passes through a float. */
function formatExactly(format: Intl.NumberFormat, amount: Big, decimals: number): string {
  const text = amount.toFixed(decimals, Big.roundHalfUp)
  return isDecimalText(text) ? format.format(text) : '—'
}

const isDecimalText = (text: string): text is `${number}` => /^-?\d+(\.\d+)?$/.test(text)

const DOLLARS_AND_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 })

/**
 * $1,234.50 and -$3.00, rounded half up to the cent on the exact decimal ('1.005' is $1.01); with `wholeDollars`,
 * $52,000. '—' when there is no amount.
 */
export function formatMoney(value: string | number | null | undefined, options: { wholeDollars?: boolean } = {}): string {
  const amount = toMoney(value)
  if (amount === null) return '—'
  return options.wholeDollars ? formatExactly(WHOLE_DOLLARS, amount, 0) : formatExactly(DOLLARS_AND_CENTS, amount, 2)
}

/** up to 2 decimals, trailing zeros dropped, no separators (the K/M abbreviations keep the numbers short) */
const SHORT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2, useGrouping: false })

/** $950, $12.5K, $1.25M */
export function formatAmountShort(value: string | number | null | undefined): string {
  const amount = toMoney(value)
  if (amount === null) return '—'
  const sign = amount.lt(0) ? '-' : ''
  const abs = amount.abs()
  const short = (n: Big, unit: string) => `${sign}$${formatExactly(SHORT, n, 2)}${unit}`
  if (abs.gte(1_000_000)) return short(abs.div(1_000_000), 'M')
  if (abs.gte(1_000)) return short(abs.div(1_000), 'K')
  return short(abs, '')
}
