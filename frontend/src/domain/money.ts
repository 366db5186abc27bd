/** Money display (spec doc 1 §5): 2 decimals, '$', thousands abbreviated K and millions M. */

function toNumber(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** $1,234.50 */
export function formatMoney(value: string | number | null | undefined): string {
  const n = toNumber(value)
  if (n === null) return '—'
  const sign = n < 0 ? '-' : ''
  return `${sign}$${TWO_DECIMALS.format(Math.abs(n))}`
}

function trimZeros(n: number): string {
  return (Math.round(n * 100) / 100).toFixed(2).replace(/\.?0+$/, '')
}

/** $950, $12.5K, $1.25M */
export function formatAmountShort(value: string | number | null | undefined): string {
  const n = toNumber(value)
  if (n === null) return '—'
  const sign = n < 0 ? '-' : ''
  const abs = Math.abs(n)
  if (abs >= 1_000_000) return `${sign}$${trimZeros(abs / 1_000_000)}M`
  if (abs >= 1_000) return `${sign}$${trimZeros(abs / 1_000)}K`
  return `${sign}$${trimZeros(abs)}`
}
