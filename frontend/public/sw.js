// Vitrine's service worker: only the offline page. A page load (a navigation) goes to the network as it would
// without a worker; when the network fails, the answer is offline.html, cached when the worker installs. Nothing
// else is ever cached or even touched: /api/* (data, SSE streams), /media/*, scripts, styles and images all bypass
// the worker, so the app's data always comes from the network.
// Hand-written rather than vite-plugin-pwa: the plugin brings Workbox (workbox-build and its dependencies) to
// generate precaching of the whole build, which is what this app must not do; the few lines below are all it needs.
// Registered by src/main.tsx in production builds only (never under Vite's dev server or Vitest).
const CACHE = 'vitrine-offline-v1'
const OFFLINE = '/offline.html'

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.mode !== 'navigate' || /^\/(api|media)\//.test(new URL(request.url).pathname)) return
  event.respondWith(
    fetch(request).catch(() => caches.match(OFFLINE).then((page) => page ?? Response.error())),
  )
})
