/** Input formatting of the profile fields (spec doc 2 §5): what the field shows while the person types. */
import { formatMoney } from './money'

export function digitsOnly(value: string, max = Infinity): string {
  return value.replace(/\D/g, '').slice(0, max)
}

/** (555) 555-5555 as the digits arrive; an 11th digit (a leading country code) shows as 1 (555) 555-5555. */
export function formatPhone(value: string): string {
  const d = digitsOnly(value, 11)
  if (d.length === 0) return ''
  if (d.length === 11) return `${d[0]} (${d.slice(1, 4)}) ${d.slice(4, 7)}-${d.slice(7)}`
  if (d.length <= 3) return `(${d}`
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`
}

/**
 * MM/DD/YYYY with the slashes inserted automatically after two digits of month and day; a typed slash ends a
 * one-digit month or day (1/5/1990). At most 10 characters.
 */
export function formatDob(value: string): string {
  const parts: string[] = ['']
  let trailingSlash = false
  for (const ch of value) {
    const i = parts.length - 1
    const part = parts[i] ?? ''
    if (/\d/.test(ch)) {
      trailingSlash = false
      if (i < 2 && part.length === 2) {
        parts.push(ch)
      } else if (i < 2 || part.length < 4) {
        parts[i] = part + ch
      }
    } else if (ch === '/' && i < 2 && part.length > 0) {
      parts.push('')
      trailingSlash = true
    }
  }
  const joined = parts.filter((p, i) => p.length > 0 || (i === parts.length - 1 && trailingSlash)).join('/')
  return (trailingSlash && !joined.endsWith('/') ? `${joined}/` : joined).slice(0, 10)
}

/** 000-00-0000 as the digits arrive (9 digits at most). */
export function formatSsn(value: string): string {
  const d = digitsOnly(value, 9)
  if (d.length <= 3) return d
  if (d.length <= 5) return `${d.slice(0, 3)}-${d.slice(3)}`
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`
}

/** The SSN as shown when not being edited: its first 7 characters masked (***-**-6789). */
export function maskSsn(value: string): string {
  return value
    .slice(0, 7)
    .replace(/\d/g, '*')
    .concat(value.slice(7))
}

/** A digits-only money input shown as whole dollars ('52000' → '$52,000'; domain/money.ts formats it). */
export function formatMoneyInput(value: string | number | null | undefined): string {
  const d = digitsOnly(String(value ?? ''), 12)
  return d ? formatMoney(d, { wholeDollars: true }) : ''
}

/** The address line keeps the text before the first comma (a pasted full address keeps its street part). */
export function addressLine(value: string): string {
  return value.split(',')[0] ?? ''
}
