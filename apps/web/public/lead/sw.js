/*
 * The check-in's service worker (decision 040): a leader who opened a walk's check-in with signal
 * can open it again at the trailhead without any, even after the phone dropped the tab. Its scope is
 * /lead/ only, so the rest of the site never goes through it. It keeps the page (the app's shell,
 * the same for every visitor) and the scripts and styles that page loaded; the list and the queued
 * check-ins are the page's own, in its storage. The API is never kept here.
 */

const CACHE = 'jw-check-in-v1';

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      // The page that registered this worker is served by it from now on, not only after a reload.
      await self.clients.claim();
    })(),
  );
});

/**
 * The page names what it loaded (its address, scripts, styles, icon): they are kept, and what an
 * older version of the site loaded is let go, so the cache holds one version of the app.
 */
self.addEventListener('message', (event) => {
  const urls =
    event.data && event.data.type === 'keep' && Array.isArray(event.data.urls) ? event.data.urls : [];
  const wanted = urls
    .map((url) => new URL(url, self.location.origin))
    .filter((url) => url.origin === self.location.origin && !url.pathname.startsWith('/api/'));
  if (wanted.length === 0) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const kept = new Set(wanted.map((url) => url.href));
      for (const url of wanted) {
        try {
          const response = await fetch(url, { credentials: 'same-origin' });
          if (response.ok) await cache.put(url, response);
        } catch {
          // Offline already: what is kept stays.
        }
      }
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        if (url.pathname.startsWith('/assets/') && !kept.has(url.href)) await cache.delete(request);
      }
    })(),
  );
});

/** Pages: the network first (a new version of the site), the kept page without signal. */
async function page(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request.url, { ignoreSearch: true });
    if (kept) return kept;
    // Another walk's check-in: the shell is the same page, and it shows what this phone kept.
    for (const other of await cache.keys()) {
      if (new URL(other.url).pathname.startsWith('/lead/'))
        return (await cache.match(other)) ?? Response.error();
    }
    throw error;
  }
}

/** Scripts, styles, icons: what is kept (their names change with their content), else the network. */
async function file(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    await cache.put(request, response.clone());
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;
  if (request.mode === 'navigate') {
    if (url.pathname.startsWith('/lead/')) event.respondWith(page(request));
    return;
  }
  event.respondWith(file(request));
});
