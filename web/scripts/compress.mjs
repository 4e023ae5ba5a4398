// The build's last step (after scripts/prerender.mjs): writes a brotli (.br) and a gzip (.gz)
// copy beside every text asset in dist/, which the server sends as they are, and fails the
// build when the JavaScript the landing page loads before any interaction is over its budget.

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipAsync } from '@gfx/zopfli';
import { brotliCompressSync, constants } from 'node:zlib';

/** Bytes of gzip-compressed JavaScript `/` may load up front (docs/benchmarks.md). */
export const LANDING_PAGE_JS_BUDGET = 90_000;

const dist = path.resolve(import.meta.dirname, '../dist');
const compressible = /\.(js|css|html|svg|json|webmanifest|xml|txt)$/;

function* files(directory) {
  for (const name of readdirSync(directory)) {
    const file = path.join(directory, name);
    // Prerendered pages are finished (and compressed) by the server, which fills in PUBLIC_URL.
    if (name === 'prerendered' || name === '.vite') continue;
    if (statSync(file).isDirectory()) yield* files(file);
    else if (compressible.test(name)) yield file;
  }
}

async function compress(file) {
  const body = readFileSync(file);
  // Zopfli writes ordinary gzip, some 4% smaller than zlib's best, for browsers without brotli.
  const gzip = await gzipAsync(body, { numiterations: 15 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.gz`, gzip);
  writeFileSync(`${file}.br`, brotli);
  return { gzip: gzip.length, brotli: brotli.length };
}

const sizes = new Map();
for (const file of files(dist)) sizes.set(path.relative(dist, file), await compress(file));

// The JavaScript the prerendered landing page loads before anything is clicked: its start-up
// script and every chunk that imports.
const pages = JSON.parse(readFileSync(path.join(dist, 'prerendered/pages.json'), 'utf8'));
const home = readFileSync(path.join(dist, 'prerendered', pages.pages['/']), 'utf8');
const boot = home.match(/<script type="module" src="\/(assets\/boot-[^"]+\.js)">/)?.[1];
if (!boot) {
  console.error('compress: the prerendered landing page has no start-up script');
  process.exit(1);
}
const bootCode = readFileSync(path.join(dist, boot), 'utf8');
const upFront = [boot, ...[...bootCode.matchAll(/import\('\/([^']+)'\)/g)].map(([, file]) => file)];

let total = 0;
console.log('JavaScript loaded by / (gzip):');
for (const file of upFront) {
  const { gzip } = sizes.get(file);
  total += gzip;
  console.log(`  ${(gzip / 1000).toFixed(1).padStart(6)} kB  ${file}`);
}
console.log(`  ${(total / 1000).toFixed(1).padStart(6)} kB  total, budget ${LANDING_PAGE_JS_BUDGET / 1000} kB`);
if (total > LANDING_PAGE_JS_BUDGET) {
  console.error(`compress: the landing page's JavaScript is over budget by ${total - LANDING_PAGE_JS_BUDGET} bytes`);
  process.exit(1);
}
