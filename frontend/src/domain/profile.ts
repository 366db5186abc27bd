/**
 * Field rules of the onboarding profile steps and their messages (spec doc 2 §5): every message is the server's
 * (domain/profile_rules.py through rules.gen.ts, generated), so both give the same message for the same input;
 * profileSchemas.test.ts checks the schemas against the server's recorded answers.
 */
import { STATES } from './states'
import { profileRules } from './rules.gen'
import { cleanText } from './text'

export const {
  DOB_INVALID, DOB_FUTURE, DOB_TOO_OLD, DOB_UNDER_18, PO_BOX, PHONE_DIGITS, SSN_FORMAT, TERMS_REQUIRED,
  ACCREDITATION_REQUIRED, EMPLOYMENT_REQUIRED, INCOME_REQUIRED, NET_WORTH_REQUIRED, RISK_ALERT_TITLE,
  RISK_ALERT_LOW_MEANS, RISK_ALERT_CONSERVATIVE, RISK_REQUIRED, ANSWER_REQUIRED, ORGANIZATION_REQUIRED,
  TICKERS_REQUIRED, ACCOUNT_TYPE_REQUIRED, FIRST_NAME_REQUIRED, LAST_NAME_REQUIRED, ADDRESS_REQUIRED, CITY_REQUIRED,
  STATE_REQUIRED, ZIP_REQUIRED, ZIP_DIGITS, NAME_ON_ACCOUNT_REQUIRED, LINK_BANK_REQUIRED, BANK_METHOD_REQUIRED,
  EMPLOYER_LABEL, OCCUPATION_LABEL, ROUTING_NUMBER_LABEL, ACCOUNT_NUMBER_LABEL, MEANS_THRESHOLD, EMPLOYMENT_TYPES,
  RISK_LEVELS, ACCREDITED_STATUSES, ACCOUNT_TYPES,
} = profileRules

/** A message template with its {label} (and {span}) filled in. */
function fill(template: string, label: string, span = ''): string {
  return template.replace('{label}', label).replace('{span}', span)
}

export const NEEDS_EMPLOYER: ReadonlySet<string> = new Set(['EMPLOYED', 'SELF_EMPLOYED'])
export const SSN_RE = /^\d{3}-\d{2}-\d{4}$/
export const MASKED_SSN_RE = /^\*{3}-\*{2}-\d{4}$/

/** A text value as the server reads it: strings cleaned (trimmed, zero-width removed), anything else empty. */
export function text(value: unknown): string {
  return typeof value === 'string' ? cleanText(value) : ''
}

export function phoneError(phone: unknown): string | null {
  const digits = text(phone).replace(/\D/g, '')
  return digits.length >= 10 && digits.length <= 11 ? null : PHONE_DIGITS
}

export interface CalendarDate {
  year: number
  month: number
  day: number
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}

function daysIn(year: number, month: number): number {
  return [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
}

/** MM/DD/YYYY (1 or 2 digit month and day), at least 8 characters, a real calendar date; else null. */
export function parseDob(value: string): CalendarDate | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value)
  if (value.length < 8 || !m) return null
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null
  return { year, month, day }
}

export function ageOn(born: CalendarDate, today: CalendarDate): number {
  const before = today.month < born.month || (today.month === born.month && today.day < born.day)
  return today.year - born.year - (before ? 1 : 0)
}

/** Today's date in the browser's calendar. */
export function calendarToday(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() }
}

export function dobError(value: unknown, today: CalendarDate = calendarToday()): string | null {
  const born = parseDob(text(value))
  if (born === null) return DOB_INVALID
  const age = ageOn(born, today)
  if (age <= 0) return DOB_FUTURE
  if (age < 18) return DOB_UNDER_18
  if (age > 150) return DOB_TOO_OLD
  return null
}

/** Spaces, dots and digits are stripped, then 'pobox' or 'pob' anywhere rejects it (the spec's rule, literally). */
export function isPoBox(value: string): boolean {
  const squashed = value.toLowerCase().replace(/[\s.\d]/g, '')
  return squashed.includes('pobox') || squashed.includes('pob')
}

export function addressLineError(value: unknown, required: boolean): string | null {
  const v = text(value)
  if (!v) return required ? ADDRESS_REQUIRED : null
  return isPoBox(v) ? PO_BOX : null
}

export function stateError(value: unknown): string | null {
  return Object.hasOwn(STATES, text(value)) ? null : STATE_REQUIRED
}

export function zipError(value: unknown): string | null {
  const v = text(value)
  if (!v) return ZIP_REQUIRED
  return /^\d{5}$/.test(v) ? null : ZIP_DIGITS
}

export function ssnError(value: unknown, locked: boolean): string | null {
  const v = text(value)
  return SSN_RE.test(v) || (locked && MASKED_SSN_RE.test(v)) ? null : SSN_FORMAT
}

export function lengthError(value: unknown, label: string): string | null {
  const v = text(value)
  if (v.length < 3) return fill(profileRules.LABEL_TOO_SHORT, label)
  if (v.length > 64) return fill(profileRules.LABEL_TOO_LONG, label)
  return null
}

/** Whole dollars from a digits-only money input ('$52,000' → 52000), or null. */
export function moneyAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null
  const digits = typeof value === 'string' ? value.replace(/[$,\s]/g, '') : ''
  return /^\d+$/.test(digits) ? Number(digits) : null
}

/** Both amounts given and both below the threshold: the 'Risk Profile Alert'. */
export function lowMeans(income: unknown, worth: unknown): boolean {
  const a = moneyAmount(income)
  const b = moneyAmount(worth)
  return a !== null && b !== null && a < MEANS_THRESHOLD && b < MEANS_THRESHOLD
}

export function riskError(value: unknown): string | null {
  if (!(RISK_LEVELS as readonly unknown[]).includes(value)) return RISK_REQUIRED
  return value === 'CONSERVATIVE' ? RISK_ALERT_CONSERVATIVE : null
}

export function digitsError(value: unknown, label: string, low: number, high: number): string | null {
  const v = text(value)
  if (!v) return fill(profileRules.LABEL_REQUIRED, label)
  if (!/^\d+$/.test(v) || v.length < low || v.length > high) {
    const span = low === high ? `${low}` : `${low} to ${high}`
    return fill(profileRules.LABEL_DIGITS, label, span)
  }
  return null
}
