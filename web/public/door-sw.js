// The door's service worker, registered by the check-in and pickup screens with their own scopes.
// Pages come from the network while it answers; without it, from the copy the screen cached when
// it last loaded (web/src/features/admin/door/offline/door-worker.ts), so a reload at a door with no
// Wi-Fi still opens the screen. Calls to /api/ are never cached: scans queue in IndexedDB instead.

const shell = 'door-shell-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const cached = await caches.match(request, { cacheName: shell, ignoreSearch: request.mode === 'navigate' });
      return cached ?? Response.error();
    }),
  );
});
