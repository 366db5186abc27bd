/** A step form's starting values: its defaults, overridden by what the flow saved (FlowState.values). */
import { cleanText } from '../../domain/text'

export function withSaved<T extends Record<string, unknown>>(defaults: T, saved: Record<string, unknown>, show?: Partial<Record<keyof T, (v: string) => string>>): T {
  const out: Record<string, unknown> = { ...defaults }
  for (const key of Object.keys(defaults)) {
    const value = saved[key]
    if (value === null || value === undefined) continue
    if (typeof defaults[key] === 'string') {
      const text = String(value)
      const format = show?.[key as keyof T]
      out[key] = format ? format(text) : text
    } else {
      out[key] = value
    }
  }
  return out as T
}

/** The payload of a form: every text cleaned (trimmed, zero-width spaces removed) the way the server reads it. */
export function cleaned<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? cleanText(v) : v])) as T
}
