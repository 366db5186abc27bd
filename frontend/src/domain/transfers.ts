/**
 * Deposit and withdrawal rules and messages (spec doc 2 §5, doc 3 §4.8, §5, §8): the server's domain/transfer_rules.py
 * through rules.gen.ts (generated), the browser-only texts, and the amount input's formatting.
 */
import { formatMoney } from './money'
import { transferRules } from './rules.gen'

export const { TRANSFER_LIMIT, LIMIT_MESSAGE, AMOUNT_REQUIRED, VERIFY_EMAIL, DEPOSIT_HOLD, DEPOSIT_PROCESSING, NO_BANK, BLOCKED_STATE } =
  transferRules
// the browser's own: a transfer request that failed without a server message
export const TRANSFER_FAILED = 'Sorry, something went wrong...'

export type TransferType = 'deposit' | 'withdrawal'

export function verifyEmailMessage(email: string): string {
  return VERIFY_EMAIL.replace('{email}', email)
}

/** The server's messages that get the 'Balance Transfers' panel (contact support) instead of the plain error. */
export function isBalanceTransferMessage(message: string): boolean {
  return message === DEPOSIT_HOLD || message === DEPOSIT_PROCESSING
}

/** An amount as typed ('$1,000.50', '12.5') in cents; null when it is not a money amount (or has fractions of a cent). */
export function parseCents(value: unknown): number | null {
  if (typeof value === 'number') value = String(value)
  if (typeof value !== 'string') return null
  const text = value.replace(/[$,\s]/g, '')
  const match = /^(\d{1,12})?(?:\.(\d{0,2}))?$/.exec(text)
  if (!match || (!match[1] && !match[2])) return null
  return Number(match[1] ?? '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'))
}

/** The one-time transfer rule: above $0 and at most $5000. */
export function amountError(value: unknown): string | null {
  const cents = parseCents(value)
  if (cents === null || cents <= 0) return AMOUNT_REQUIRED
  if (cents > TRANSFER_LIMIT * 100) return LIMIT_MESSAGE
  return null
}

/** The deposit/withdrawal form: the limit first, then a withdrawal may not exceed the available cash. */
export function transferAmountError(type: TransferType, value: unknown, cash: number): string | null {
  const error = amountError(value)
  if (error) return error
  const cents = parseCents(value) ?? 0
  if (type === 'withdrawal' && cents > Math.round(Math.max(cash, 0) * 100)) return transferRules.EXCEEDS_CASH.replace('{cash}', formatMoney(Math.max(cash, 0)))
  return null
}

/** The amount as the API takes it: '1000.50'. */
export function amountPayload(value: string): string {
  const cents = parseCents(value)
  return cents === null ? value : (cents / 100).toFixed(2)
}

/**
 * The decimals-only amount input: digits and one '.', at most 2 decimals and 7 whole digits, no leading zeros
 * ('0.5' stays, '007' → '7').
 */
export function formatAmountInput(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '')
  const dot = cleaned.indexOf('.')
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).slice(0, 7).replace(/^0+(?=\d)/, '')
  if (dot === -1) return whole
  const decimals = cleaned.slice(dot + 1).replace(/\./g, '').slice(0, 2)
  return `${whole || '0'}.${decimals}`
}

/** A micro-deposit box takes one digit (non-digits stripped, the first kept); it is sent as 0.0{digit}. */
export function microDigit(value: string): string {
  return value.replace(/\D/g, '').slice(0, 1)
}

export function microDepositValue(digit: string): string {
  return `0.0${microDigit(digit)}`
}
