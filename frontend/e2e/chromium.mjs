// How the browser tests start Debian's chromium (headless, through playwright-core): helpers.mjs when a file runs
// alone, run.mjs once for the whole run (each file connects to it).
// Debian's chromium-headless-shell (scripts/setup.sh installs it): the old headless build Playwright itself uses
// for headless runs. Measured beside /usr/bin/chromium (new headless) on the same files and stack (29 Nov, 2 cores):
// chromium's CPU 102 → 72 s for home, asset-page and funding (−29 %), their wall 102 → 85 s. CHROMIUM_PATH overrides.
import fs from 'node:fs'

const SHELL = '/usr/bin/chromium-headless-shell'
export const CHROMIUM = process.env.CHROMIUM_PATH || (fs.existsSync(SHELL) ? SHELL : '/usr/bin/chromium')

export const CHROMIUM_OPTIONS = {
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // V8 without its top tier (TurboFan): Maglev at most. A test's page lives seconds, too short for TurboFan's
    // background compiles to pay: chromium's CPU −15 % on five files (29 Nov, 2 cores, docs/testing.md stop 36)
    '--js-flags=--max-opt=2',
  ],
}
