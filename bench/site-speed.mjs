// Issue 11's table in one run, on the release build: the JavaScript `/` loads, the HTML of `/`
// before JavaScript, Lighthouse (mobile) on /, /sponsorship and /checkout/developer, and the
// requests per second of `/` and `/api/tickets` as a share of nginx serving the same bytes.
//
// Needs the release server and the built front end (`make run` builds both, or
// `cargo build --release && (cd web && npm run build)`), Chromium (CHROME_PATH, by default
// /usr/bin/chromium), wrk and nginx (`apt-get install wrk nginx`); Lighthouse comes from npm.
// Prints the table and appends it to docs/benchmarks.md.
//
// Usage: node bench/site-speed.mjs [seconds per wrk run, default 10] [Lighthouse runs per page, default 3]
import { execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { cpus, totalmem, tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.argv[2] ?? 10);
const lighthouseRuns = Number(process.argv[3] ?? 3);
const binary = path.join(root, "target/release/conference");
const dist = path.join(root, "web/dist");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const BUDGETS = {
  landingJs: 90_000,
  share: 0.9,
};

function need(condition, message) {
  if (!condition) {
    console.error(`site-speed: ${message}`);
    process.exit(1);
  }
}

need(existsSync(binary), "build the server first: cargo build --release");
need(
  existsSync(path.join(dist, "prerendered/pages.json")),
  "build the front end first: (cd web && npm run build)",
);
need(existsSync(chrome), `no Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`);
for (const tool of ["wrk", "nginx"]) {
  need(
    ["/usr/bin", "/usr/sbin", "/usr/local/bin"].some((dir) => existsSync(path.join(dir, tool))),
    `${tool} is missing: apt-get install wrk nginx`,
  );
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url) {
  for (let tries = 0; tries < 100; tries++) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer`);
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

/** The JavaScript the prerendered landing page loads up front, as the build's gzip files weigh it. */
function landingPageJavaScript() {
  const pages = JSON.parse(readFileSync(path.join(dist, "prerendered/pages.json"), "utf8"));
  const home = readFileSync(path.join(dist, "prerendered", pages.pages["/"]), "utf8");
  const boot = home.match(/<script type="module" src="\/(assets\/boot-[^"]+\.js)">/)[1];
  const code = readFileSync(path.join(dist, boot), "utf8");
  const files = [boot, ...[...code.matchAll(/import\('\/([^']+)'\)/g)].map(([, file]) => file)];
  return files.reduce((sum, file) => sum + readFileSync(path.join(dist, `${file}.gz`)).length, 0);
}

/** What a visitor without JavaScript reads on `/`: the brief's headings and every ticket's price. */
async function htmlBeforeJavaScript(base) {
  const html = await (await fetch(`${base}/`)).text();
  const text = html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");
  const tickets = await (await fetch(`${base}/api/tickets`)).json();
  const config = await (await fetch(`${base}/api/config`)).json();
  const money = (cents) =>
    `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const expected = [
    config.event.name,
    "Join the Waitlist",
    "Pre-Purchase Tickets",
    "Conference Starts In:",
    "About the Conference",
    "Secure Your Tickets Early",
    "Conference Merchandise",
    ...tickets.flatMap((ticket) => [ticket.name, money(ticket.price)]),
  ];
  const missing = expected.filter((phrase) => !text.includes(phrase));
  return { found: expected.length - missing.length, expected: expected.length, missing };
}

function lighthouse(url) {
  const out = path.join(work, `lighthouse-${Math.random().toString(36).slice(2)}.json`);
  execFileSync(
    "npx",
    [
      "--yes",
      "lighthouse@12",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking",
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: "ignore", timeout: 180_000 },
  );
  const report = JSON.parse(readFileSync(out, "utf8"));
  const score = (name) => Math.round(report.categories[name].score * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: report.audits["largest-contentful-paint"].numericValue,
    tbt: report.audits["total-blocking-time"].numericValue,
    cls: report.audits["cumulative-layout-shift"].numericValue,
  };
}

/** The median run by performance score, of `lighthouseRuns`. */
function medianLighthouse(url) {
  const runs = Array.from({ length: lighthouseRuns }, () => lighthouse(url));
  runs.sort((a, b) => a.performance - b.performance);
  return runs[Math.floor(runs.length / 2)];
}

function wrk(url) {
  const output = execFileSync("wrk", ["-t2", "-c64", `-d${seconds}s`, url], {
    encoding: "utf8",
  });
  const match = output.match(/Requests\/sec:\s+([\d.]+)/);
  need(match, `wrk printed no rate:\n${output}`);
  const non2xx = output.match(/Non-2xx or 3xx responses: (\d+)/);
  need(!non2xx, `${url} answered errors under load:\n${output}`);
  return Number(match[1]);
}

/** nginx serving `/` and `/api/tickets` as files holding exactly the bytes the server sends. */
async function startNginx(base) {
  const dir = path.join(work, "nginx");
  mkdirSync(path.join(dir, "site/api"), { recursive: true });
  mkdirSync(path.join(dir, "logs"), { recursive: true });
  writeFileSync(path.join(dir, "site/index.html"), Buffer.from(await (await fetch(`${base}/`)).arrayBuffer()));
  writeFileSync(
    path.join(dir, "site/api/tickets"),
    Buffer.from(await (await fetch(`${base}/api/tickets`)).arrayBuffer()),
  );
  const port = await freePort();
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes ${cpus().length};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log error;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/logs;
  proxy_temp_path ${dir}/logs;
  fastcgi_temp_path ${dir}/logs;
  uwsgi_temp_path ${dir}/logs;
  scgi_temp_path ${dir}/logs;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/site;
    location = / { default_type "text/html; charset=utf-8"; try_files /index.html =404; }
    location = /api/tickets { default_type application/json; }
  }
}
`,
  );
  const nginx = spawn("nginx", ["-c", path.join(dir, "nginx.conf"), "-p", dir], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`);
  return { nginx, url };
}

const work = mkdtempSync(path.join(tmpdir(), "conference-site-speed-"));
// nginx's workers run as an unprivileged user, who must be able to read the files it serves.
chmodSync(work, 0o755);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: work,
  WEB_DIR: dist,
  PUBLIC_URL: base,
  // wrk is one client at one address: the per-client limits would answer it 429.
  RATE_LIMITS: "off",
  RUST_LOG: "error",
};
delete env.DATABASE_URL;
delete env.CONFERENCE_FILE;
const server = spawn(binary, ["serve"], { env, stdio: "ignore", cwd: root });
let nginx;
try {
  await waitFor(`${base}/readyz`);

  const landingJs = landingPageJavaScript();
  const html = await htmlBeforeJavaScript(base);
  console.log(
    `JavaScript for /: ${kB(landingJs)}; HTML of / before JavaScript: ${html.found}/${html.expected}` +
      (html.missing.length ? ` (missing: ${html.missing.join(", ")})` : ""),
  );

  const pages = ["/", "/sponsorship", "/checkout/developer"];
  const scores = {};
  for (const page of pages) {
    scores[page] = medianLighthouse(`${base}${page}`);
    const s = scores[page];
    console.log(
      `Lighthouse ${page}: ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo} ` +
        `(LCP ${(s.lcp / 1000).toFixed(1)} s, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(2)})`,
    );
  }

  const started = await startNginx(base);
  nginx = started.nginx;
  const rates = {};
  for (const [name, route] of [
    ["/", "/"],
    ["/api/tickets", "/api/tickets"],
  ]) {
    wrk(`${started.url}${route}`); // warm both up before measuring
    wrk(`${base}${route}`);
    const theirs = wrk(`${started.url}${route}`);
    const ours = wrk(`${base}${route}`);
    rates[name] = { ours, theirs, share: ours / theirs };
    console.log(
      `GET ${name}: ${Math.round(ours)} req/s, nginx ${Math.round(theirs)} req/s, share ${(ours / theirs).toFixed(2)}`,
    );
  }

  const lighthouseRow = (page, budget) => {
    const s = scores[page];
    const pass =
      s.accessibility === 100 &&
      s.bestPractices === 100 &&
      s.seo === 100 &&
      s.performance >= budget &&
      s.cls === 0;
    return `| Lighthouse \`${page}\` perf / a11y / best practices / SEO | ${s.performance} / ${s.accessibility} / ${s.bestPractices} / ${s.seo} (LCP ${(s.lcp / 1000).toFixed(1)} s, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(2)}) | ${budget === 100 ? "100 × 4" : `≥ ${budget} / 100 / 100 / 100, CLS 0`} | ${pass ? "pass" : "FAIL"} |`;
  };
  const rateRow = (name) => {
    const r = rates[name];
    return `| \`GET ${name}\` requests/s as a share of nginx's | ${r.share.toFixed(2)} (${Math.round(r.ours)} vs ${Math.round(r.theirs)} req/s) | ≥ ${BUDGETS.share} | ${r.share >= BUDGETS.share ? "pass" : "FAIL"} |`;
  };
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${cpus().length} cores (${cpus()[0].model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB`;
  const table = [
    "",
    `### ${date}, ${machine}`,
    "",
    `Lighthouse 12, mobile preset, median of ${lighthouseRuns} runs per page; wrk -t2 -c64 for ${seconds} s per target, nginx with ${cpus().length} workers serving the same bytes.`,
    "",
    "| what | measured | budget | result |",
    "|---|---|---|---|",
    `| JavaScript loaded by \`/\` (gzip) | ${kB(landingJs)} | ≤ ${kB(BUDGETS.landingJs)} | ${landingJs <= BUDGETS.landingJs ? "pass" : "FAIL"} |`,
    `| HTML of \`/\` before JavaScript | ${html.found} of ${html.expected} headings, texts and ticket prices${html.missing.length ? ` (missing: ${html.missing.join(", ")})` : ""} | all | ${html.missing.length === 0 ? "pass" : "FAIL"} |`,
    lighthouseRow("/", 100),
    lighthouseRow("/sponsorship", 100),
    lighthouseRow("/checkout/developer", 98),
    rateRow("/"),
    rateRow("/api/tickets"),
    "",
  ].join("\n");
  console.log(table);
  const docs = path.join(root, "docs/benchmarks.md");
  if (!readFileSync(docs, "utf8").includes("## Site speed")) {
    appendFileSync(
      docs,
      "\n## Site speed (`node bench/site-speed.mjs [wrk seconds] [Lighthouse runs]`)\n\n" +
        "The landing page's JavaScript, its HTML before JavaScript, Lighthouse on three pages and the\n" +
        "throughput of `/` and `/api/tickets` against nginx serving the same bytes, on the release build.\n",
    );
  }
  appendFileSync(docs, table);
} finally {
  nginx?.kill();
  server.kill();
}
