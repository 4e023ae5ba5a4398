import { useEffect } from 'react';

const shell = 'door-shell-v1';

/**
 * Makes the door screen at `scope` installable and able to open without the network: registers
 * the door's service worker for it, points the page at the door's manifest, and keeps a copy of
 * the page and the files it loaded for the worker to serve when the network is gone.
 */
export function useDoorWorker(scope: string) {
  useEffect(() => {
    const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const siteManifest = manifest?.href;
    if (manifest) manifest.href = '/door.webmanifest';
    if ('serviceWorker' in navigator && 'caches' in window) {
      void navigator.serviceWorker
        .register('/door-sw.js', { scope })
        .then(() => keepShell())
        .catch(() => {
          // Without a worker the screen still works offline while it stays open.
        });
    }
    return () => {
      if (manifest && siteManifest) manifest.href = siteManifest;
    };
  }, [scope]);
}

/** The page and every file it loaded from this site (scripts, styles, fonts), for offline reloads. */
async function keepShell() {
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && !url.pathname.startsWith('/api/'))
    .map((url) => url.pathname);
  const cache = await caches.open(shell);
  await cache.addAll([location.pathname, ...new Set(files)]);
}
