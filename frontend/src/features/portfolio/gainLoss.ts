/**
 * A gain or a loss as a person reads it (spec doc 3 §2.6, §3 Investment's gainLoss, Gain/loss): the sign and a word,
 * never the colour alone — '+$40.00 (+31.25%)', '-$4.50 (-15.00%)' — and its tone for the colour.
 */
import { formatMoney } from '../../domain/money'

export type Tone = 'gain' | 'loss' | 'flat'

export function toneOf(amount: string | number): Tone {
  const n = Number(amount)
  return n > 0 ? 'gain' : n < 0 ? 'loss' : 'flat'
}

/** '+$40.00', '-$4.50', '$0.00' */
export function signedMoney(amount: string | number): string {
  return toneOf(amount) === 'gain' ? `+${formatMoney(amount)}` : formatMoney(amount)
}

/** '+31.25%', '-15.00%', '0.00%'; '—' without a percentage (nothing paid) */
export function signedPercent(percent: string | number | null | undefined): string {
  if (percent === null || percent === undefined || percent === '') return '—'
  const n = Number(percent)
  return `${n > 0 ? '+' : n < 0 ? '-' : ''}${Math.abs(n).toFixed(2)}%`
}

/** The word a screen reader (and everyone) gets with the figure. */
export const TONE_WORD: Record<Tone, string> = { gain: 'Gain', loss: 'Loss', flat: 'No change' }

export const TONE_COLOR: Record<Tone, string> = { gain: 'green.700', loss: 'red.600', flat: 'fg.muted' }
