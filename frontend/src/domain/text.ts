/** Text input cleaning shared by every form (spec doc 1 §5: trimmed, zero-width spaces removed). */
const ZERO_WIDTH = /\u200b|\u200c|\u200d|\u2060|\ufeff/g // alternatives, not a class: U+200D joins what a class holds

export function cleanText(value: string): string {
  return value.replace(ZERO_WIDTH, '').trim()
}
