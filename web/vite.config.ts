/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The chunks the app's entry imports statically: loaded before any chunk that loads on demand, so a lazy
 * page's list of chunks to preload need not name them (each name in those lists weighs on the landing page).
 */
const loadedUpFront = new Set<string>();

function entryChunks(): Plugin {
  return {
    name: 'entry-chunks',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || loadedUpFront.has(file)) return;
          loadedUpFront.add(file);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
}

// In development the Rust server (default port 8080) answers everything that is not the app.
const server = 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), entryChunks()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': server,
      '/healthz': server,
      '/sitemap.xml': server,
      '/robots.txt': server,
      // made by the server from the event file
      '/manifest.webmanifest': server,
      '/share-image.png': server,
      '/icon-192.png': server,
      '/icon-512.png': server,
      '/apple-touch-icon.png': server,
      '/merchandise/purchase.html': server,
    },
  },
  // The browser's build, with a manifest of its chunks for the prerenderer; and the
  // prerenderer's own (src/entry-server.tsx, run by scripts/prerender.mjs).
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        // The landing page's bundle names some forty chunks by their hashes, and any change to a chunk renames
        // most of them: in hex rather than base64 the names compress about 35 bytes smaller, and a renaming moves
        // the bundle's compressed size within a narrower range, so its budget is not passed or failed by chance.
        rolldownOptions: { output: { hashCharacters: 'hex' } },
        modulePreload: {
          // The polyfill weighed on the landing page's budget: browsers without modulepreload (Safari before 17)
          // still run every page, fetching a lazy page's chunks as they are imported rather than all at once.
          polyfill: false,
          // A lazy chunk's list of chunks to preload names neither itself (its import() fetches it at the same
          // moment) nor what the entry has already loaded: every name in those lists is in the landing bundle.
          resolveDependencies: (file: string, deps: string[]) =>
            deps.filter((dep) => dep !== file && !loadedUpFront.has(dep)),
        },
      },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Five seconds by default; a form filled key by key on a loaded machine can take longer.
    testTimeout: 20_000,
  },
}));
