// How the browser tests start Debian's chromium (headless, through playwright-core): helpers.mjs when a file runs
// alone, run.mjs once for the whole run (each file connects to it).
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

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
  ],
}
