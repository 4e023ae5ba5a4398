/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the Rust server (default port 8080) answers everything that is not the app.
const server = 'http://127.0.0.1:8080';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
    : { outDir: 'dist', emptyOutDir: true, manifest: true },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
}));
