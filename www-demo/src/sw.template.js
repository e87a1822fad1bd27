// The demo's service worker (written into dist/ by vite.config.js): it precaches every file of the
// build at install, so that the app works offline after the first load, and answers from that
// cache first. A new build has a new version and replaces the old cache.
const VERSION = '__VERSION__';
const CACHE = `dicechess-demo-${VERSION}`;
const FILES = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key.startsWith('dicechess-demo-') && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Pages with query parameters (?seed=…, ?dfen=…) are the same page.
    const hit = request.mode === 'navigate'
      ? await cache.match('./', { ignoreSearch: true })
      : await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (e) {
      return new Response('offline', { status: 503, statusText: 'offline' });
    }
  })());
});
