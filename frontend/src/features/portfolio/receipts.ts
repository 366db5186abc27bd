/** Transfer receipts (spec doc 3 §4.11, §9): the date as hh:mma - MMM DD,YYYY and where the money came from. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** 03:15PM - Jan 05,2024 (local time); '' for an unreadable date. */
export function receiptDate(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const h = d.getHours() % 12 || 12
  return `${pad(h)}:${pad(d.getMinutes())}${d.getHours() < 12 ? 'AM' : 'PM'} - ${MONTHS[d.getMonth()]} ${pad(d.getDate())},${d.getFullYear()}`
}

/** The money's source: the Vitrine account for source 'balance' (and any withdrawal), else the bank. */
export function transferSource(t: { type: string; source_name: string }, bankName: string): string {
  return t.source_name === 'balance' || t.type === 'withdrawal' ? 'your Vitrine account' : bankName
}

export function transferDestination(t: { type: string }, bankName: string): string {
  return t.type === 'withdrawal' ? bankName : 'your Vitrine account'
}

export const STATUS_LABELS: Readonly<Record<string, [string, string]>> = {
  pending: ['Pending', 'orange'],
  processed: ['Processed', 'green'],
  failed: ['Failed', 'red'],
}

/** The receipt fields the history reads (spec doc 3 §3 Transfer / receipt). */
export interface ReceiptLike {
  type: string
  source_name: string
  side?: string | null
  shares_count?: number | null
  asset_ticker?: string | null
  unit_price?: string | null
}

/** Money in (a deposit, a sale, a refund) or out of the Vitrine account. */
export function isCredit(r: ReceiptLike): boolean {
  return r.type === 'deposit' || r.type === 'refund' || (r.type === 'trade' && r.side === 'ASK')
}

export function receiptTitle(r: ReceiptLike): string {
  switch (r.type) {
    case 'deposit':
      return 'Deposit'
    case 'withdrawal':
      return 'Withdrawal'
    case 'investment':
      return 'Investment'
    case 'trade':
      return r.side === 'ASK' ? 'Trade · Sold' : 'Trade · Bought'
    case 'merchandise':
      return 'Merchandise'
    case 'refund':
      return 'Refund'
    default:
      return 'Transfer'
  }
}

/** The line under the title: where the money went, or what was bought or sold. */
export function receiptDetail(r: ReceiptLike, bankName: string, price: (amount: string) => string): string {
  if (r.type === 'deposit' || r.type === 'withdrawal') return `From ${transferSource(r, bankName)} to ${transferDestination(r, bankName)}`
  if (r.type === 'investment' || r.type === 'trade') {
    const n = r.shares_count ?? 0
    const each = r.unit_price ? ` at ${price(r.unit_price)}` : ''
    const what = `${n} ${n === 1 ? 'share' : 'shares'} of ${r.asset_ticker ?? ''}${each}`
    return r.type === 'investment' ? `${what} in the initial offering` : what
  }
  if (r.type === 'refund') return 'Store order refunded to your Vitrine account'
  return 'Store order paid from your Vitrine account'
}
