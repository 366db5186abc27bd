/** For the unit tests: a server rules file with its implicit string concatenations joined, when this checkout has it. */
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

export function serverSource(relative: string): string {
  const file = fileURLToPath(new URL(`../../../${relative}`, import.meta.url))
  // the frontend is tested in the repository, beside the server: a missing file is a moved rule, never a skip
  if (!fs.existsSync(file)) throw new Error(`${relative} is gone: point this parity test at where the rule lives now`)
  return fs.readFileSync(file, 'utf8').replace(/"\s*\n\s*"/g, '')
}
