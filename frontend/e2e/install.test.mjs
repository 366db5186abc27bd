// The app installs from Chrome (issue 30 item 7), at desktop size and as Android at 390×844, on the built app as the
// api serves it (scripts/stack.py e2e):
// - index.html links the web app manifest, which loads as application/manifest+json with the fields Chrome needs to
//   offer the install (name, icons of 192 and 512 px and a maskable one, display standalone, start_url /app, scope /,
//   the page's theme colour); every icon it names, and the apple-touch-icon, loads as an image of the stated size;
// - the service worker (public/sw.js) registers for the whole site;
// - offline, a page load shows the offline page, and the worker never kept any of the app's data (no api answer in
//   its cache, an api call fails); back online, "Try again" brings the app back.
// Run it with the stack: .venv/bin/python scripts/stack.py e2e -- node --test frontend/e2e/install.test.mjs
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ANDROID, BASE_URL, DESKTOP, launch, screenshot } from './helpers.mjs'

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', 'a PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

async function assertImage(context, href, sizes) {
  const response = await context.request.get(new URL(href, BASE_URL).href)
  assert.equal(response.status(), 200, href)
  assert.match(response.headers()['content-type'], /^image\/png/, href)
  assert.equal(pngSize(await response.body()), sizes, href)
}

for (const variant of [DESKTOP, ANDROID]) {
  test(`the app installs, and offline a page load shows the offline page (${variant.name})`, { timeout: 90_000 }, async (t) => {
    const { context, page, problems, trail, close } = await launch(variant)
    t.after(close)
    t.after(() => t.diagnostic(trail.join('\n')))

    await page.goto(`${BASE_URL}/login`)
    await page.getByLabel('E-mail').waitFor()

    // the manifest
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const answer = await context.request.get(new URL(href, BASE_URL).href)
    assert.equal(answer.status(), 200)
    assert.match(answer.headers()['content-type'], /^application\/manifest\+json/)
    const manifest = JSON.parse(await answer.text())
    const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content')
    assert.deepEqual(
      { name: manifest.name, display: manifest.display, start_url: manifest.start_url, scope: manifest.scope, theme_color: manifest.theme_color },
      { name: 'Vitrine', display: 'standalone', start_url: '/app', scope: '/', theme_color: themeColor },
    )
    for (const field of ['short_name', 'description', 'background_color']) assert.ok(manifest[field], field)
    assert.deepEqual(
      manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort(),
      ['192x192 any', '512x512 any', '512x512 maskable'],
    )
    for (const icon of manifest.icons) await assertImage(context, icon.src, icon.sizes)
    await assertImage(context, await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'), '180x180')

    // the service worker, for the whole site
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready
      return { scope: registration.scope, script: registration.active?.scriptURL }
    })
    assert.deepEqual(worker, { scope: `${BASE_URL}/`, script: `${BASE_URL}/sw.js` })
    const script = await context.request.get(`${BASE_URL}/sw.js`)
    assert.match(script.headers()['content-type'], /javascript/)
    // an api answer while online, which the worker must not keep
    assert.equal(await page.evaluate(async () => (await fetch('/api/v2/assets/')).status), 200)

    // offline: a page load shows the offline page
    await context.setOffline(true)
    await page.goto(`${BASE_URL}/app/home`)
    await page.getByRole('heading', { name: "You're offline" }).waitFor()
    await screenshot(page, variant, 'offline')
    const cached = await page.evaluate(async () => {
      const paths = []
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname)
      }
      return paths
    })
    assert.deepEqual(cached, ['/offline.html'])
    // past the browser's HTTP cache (the catalogue's answer may be fresh there): only the worker could answer it
    const apiOffline = await page.evaluate(() => fetch('/api/v2/assets/', { cache: 'no-store' }).then(() => 'answered', () => 'failed'))
    assert.equal(apiOffline, 'failed')

    // back online, "Try again" brings the app back (signed out: its login page)
    await context.setOffline(false)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByLabel('E-mail').waitFor()
    assert.match(page.url(), /\/login/)
    assert.deepEqual(problems, [])
  })
}
