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
