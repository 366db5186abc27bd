/** The Statements screen's words (spec doc 3 §2.6). */

/** 'November 2026 Statement' → 'November 2026': the display name without the word Statement. */
export const formName = (displayName: string) => displayName.replace(/\bStatements?\b/g, '').replace(/\s+/g, ' ').trim()

/** '(2) available Account Statements', '(1) available Tax Document', or 'No current Account Statements'. */
export function availability(count: number, singular: string): string {
  if (count === 0) return `No current ${singular}s`
  return `(${count}) available ${singular}${count === 1 ? '' : 's'}`
}
