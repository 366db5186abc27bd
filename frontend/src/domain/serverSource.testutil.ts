/** For the unit tests: a server rules file with its implicit string concatenations joined, when this checkout has it. */
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

export function serverSource(relative: string): string | null {
  const file = fileURLToPath(new URL(`../../../${relative}`, import.meta.url))
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').replace(/"\s*\n\s*"/g, '') : null
}
