// Prerenders every public page as complete HTML, after `vite build` (the browser's bundle and
// its manifest in dist/) and `vite build --ssr` (dist-server/entry-server.js).
//
// A page is rendered by the same React components the browser hydrates, from the catalogue
// the server's own `conference catalogue` prints for the event file (CONFERENCE_BIN, by
// default the release build), and carries that catalogue for hydration. The catalogue's digest
// goes into dist/prerendered/pages.json: the server serves these pages only while its event
// file and settings still give that digest, and the plain app shell otherwise.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const root = path.resolve(web, '..');
const dist = path.join(web, 'dist');
const out = path.join(dist, 'prerendered');
const binary = process.env.CONFERENCE_BIN ?? path.join(root, 'target/release/conference');

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

/** The catalogue, its digest and the placeholder standing for PUBLIC_URL, from the server. */
function readCatalogue() {
  if (!existsSync(binary)) {
    fail(`${binary} is missing: build the server first (cargo build --release), or set CONFERENCE_BIN`);
  }
  try {
    return JSON.parse(execFileSync(binary, ['catalogue'], { cwd: root, encoding: 'utf8' }));
  } catch (error) {
    fail(`\`conference catalogue\` failed: ${error.message}`);
  }
}

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

// JSON inside <script>: nothing in it may close the element.
const scriptJson = (value) => JSON.stringify(value).replaceAll('<', '\\u003c');

/** Every chunk a page runs: the app's entry, the page's own lazily loaded code, their imports. */
function chunksFor(modules, manifest) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) fail(`${key} is not in the build's manifest: update the page list in scripts/prerender.mjs`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  ['index.html', ...modules].forEach(visit);
  return [...files];
}

/**
 * A page's start-up script. It fetches all the page's chunks at once, in parallel, but only
 * once the page has painted: the page is complete without them, and on a slow phone their
 * download and evaluation would otherwise come before anything is shown. (An inline script
 * would do, but the CSP allows none.) The first contentful paint is the signal; a page in a
 * background tab, or a browser that does not report paints, starts at once or soon after.
 */
function bootScript(chunks) {
  const code = `const start = () => Promise.all([${chunks.map((file) => `import('/${file}')`).join(', ')}]);
let started = false;
const startSoon = () => {
  if (!started) {
    started = true;
    setTimeout(start);
  }
};
if (document.visibilityState !== 'visible' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  startSoon();
} else {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    startSoon();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(startSoon, 3000);
}
`;
  const file = `assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`;
  writeFileSync(path.join(dist, file), code);
  return file;
}

/**
 * A page's own head tags, between markers: on the programme's pages (the frame at /schedule) the server
 * replaces the whole block with the page's own tags.
 */
function headTags({ title, description, url, image, siteName, indexed }) {
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    indexed ? `<link rel="canonical" href="${url}" />` : '<meta name="robots" content="noindex" />',
    '<meta property="og:type" content="website" />',
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:image" content="${image.url}" />`,
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta property="og:image:alt" content="${escapeHtml(image.alt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${image.url}" />`,
  ];
  return `<!--page-head-->${tags.join('\n    ')}<!--/page-head-->`;
}

const { digest, publicUrlPlaceholder, catalogue } = readCatalogue();
const event = catalogue.config.event;
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const { render } = await import(pathToFileURL(path.join(web, 'dist-server/entry-server.js')).href);

// The shell's placeholder head (index.html), replaced by each page's own.
const shellHead = /<!--[^>]*-->\s*<title>.*<\/title>\s*<meta name="description" content="" \/>/;
if (!shellHead.test(template) || !template.includes('<div id="root"></div>')) {
  fail('dist/index.html lacks the placeholder title and description, or the empty <div id="root"></div>');
}

// The stylesheet goes into each page: a render-blocking request less before the first paint.
const stylesheet = template.match(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/);
if (!stylesheet) fail('dist/index.html links no stylesheet');
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
if (css.includes('</style')) fail(`${stylesheet[1]} cannot be put inside a <style> element`);

// The entry and its preloads, which each page's start-up script replaces.
const entryScript = /<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/;
const modulePreloads = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
if (!entryScript.test(template)) fail('dist/index.html loads no module script');

const page = (file) => `src/features/${file}.tsx`;
const queries = 'src/lib/query-client.tsx';
const pages = [
  { path: '/', modules: [] },
  { path: '/sponsorship', modules: [page('sponsorship/components/sponsorship-page')] },
  { path: '/pricing-details', modules: [page('legal/components/pricing-details-page')] },
  { path: '/code-of-conduct', modules: [page('legal/components/code-of-conduct-page')] },
  { path: '/privacy-policy', modules: [page('legal/components/privacy-policy-page')] },
  { path: '/terms-of-service', modules: [page('legal/components/terms-of-service-page')] },
  { path: '/sitemap', modules: [page('legal/components/sitemap-page')] },
  ...catalogue.tickets.map((ticket) => ({
    path: `/checkout/${encodeURIComponent(ticket.type)}`,
    modules: [page('checkout/components/checkout-page'), queries],
  })),
  ...catalogue.merchandise.map((item) => ({
    path: `/merchandise-checkout/${item.id}`,
    modules: [page('merchandise-checkout/components/merchandise-checkout-page'), queries],
  })),
  // `?tier=`, `?code=` and the private link's secret come in once the page has hydrated.
  { path: '/sponsor-payment', modules: [page('sponsor-payment/components/sponsor-payment-page'), queries] },
  { path: '/my-tickets', modules: [page('my-tickets/components/my-tickets-page'), queries] },
  { path: '/sponsor', modules: [page('sponsor-page/components/sponsor-page'), queries] },
  // The frame of the programme's pages: the layout around an empty #programme-page, which the server fills
  // (with the head) for /schedule, /sessions/…, /speakers… on each request.
  { path: '/schedule', modules: [page('programme/components/programme-page')], frame: true },
  // Served, with status 404, for every path that is no page.
  { path: '/404', modules: [page('not-found/components/not-found-page')], indexed: false, notFound: true },
];

const image = {
  url: `${publicUrlPlaceholder}/share-image.png`,
  alt: `${event.name}: ${event.dateLabel}, ${event.venue.area}`,
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const written = {};
let notFound;
const FRAME_ELEMENT = '<div id="programme-page"></div>';
for (const [index, { path: url, modules, indexed = true, notFound: isNotFound, frame }] of pages.entries()) {
  const { html, head } = await render(url, catalogue);
  if (frame && html.split(FRAME_ELEMENT).length !== 2) fail(`${url} must hold ${FRAME_ELEMENT} once, empty`);
  // A boundary React streamed apart comes with a script to put it together, which the CSP blocks.
  if (html.includes('<script') || html.includes('<template')) fail(`${url} rendered a Suspense boundary apart`);
  if (!head.title) fail(`${url} sets no title (useDocumentTitle)`);
  const tags = headTags({
    title: head.title,
    description: head.description ?? event.description,
    url: `${publicUrlPlaceholder}${url}`,
    image,
    siteName: event.name,
    indexed,
  });
  const document = template
    .replace(shellHead, () => tags)
    .replace(stylesheet[0], () => `<style>${css}</style>`)
    .replace(modulePreloads, '')
    .replace(entryScript, () => `<script type="module" src="/${bootScript(chunksFor(modules, manifest))}"></script>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${html}</div>\n    <script type="application/json" id="catalogue">${scriptJson(catalogue)}</script>`,
    );
  const file = `page-${index}.html`;
  writeFileSync(path.join(out, file), document);
  if (isNotFound) notFound = file;
  else written[url] = file;
}

writeFileSync(path.join(out, 'pages.json'), `${JSON.stringify({ digest, pages: written, notFound }, null, 2)}\n`);
console.log(`prerendered ${pages.length} pages for ${event.name} (catalogue ${digest})`);
