// Issue 11's table in one run, on the release build: the JavaScript `/` loads, the HTML of `/`
// before JavaScript, Lighthouse (mobile) on /, /sponsorship, /checkout/developer, /sponsor-payment
// with a tier, /my-tickets with a buyer's private link (a ticket bought through the sandbox
// gateway, the link read from its receipt) and /sponsor with a sponsor's (a Gold sponsorship whose
// PNG logo the organizer approved, so / and /sponsorship are measured with the sponsor wall
// filled in), and the requests per second of `/` and `/api/tickets` as a share of nginx serving
// the same bytes. The programme's pages (the sample programme the shipped event imports at first
// start): Lighthouse on /schedule, a session's page, /speakers and a speaker's page, and the weight
// of /schedule's HTML as the server sends it gzipped.
//
// Needs the release server and the built front end (`make run` builds both, or
// `cargo build --release && (cd web && npm run build)`), Chromium (CHROME_PATH, by default
// /usr/bin/chromium), wrk and nginx (`apt-get install wrk nginx`); Lighthouse comes from npm.
// Prints the table and appends it to docs/benchmarks.md.
//
// Usage: node bench/site-speed.mjs [seconds per wrk run, default 10] [Lighthouse runs per page, default 3]
import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { crc32, deflateSync, gzipSync } from "node:zlib";
import { cpus, totalmem, tmpdir } from "node:os";
import path from "node:path";

import { freePort, serverBinary, startServer } from "./lib/server.mjs";
import { recordBlock } from "./lib/benchmarks-md.mjs";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.argv[2] ?? 10);
const lighthouseRuns = Number(process.argv[3] ?? 3);
const binary = serverBinary(root);
const dist = path.join(root, "web/dist");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const BUDGETS = {
  landingJs: 90_000,
  scheduleHtml: 100_000,
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
need(
  existsSync(chrome),
  `no Chromium at ${chrome} (apt-get install chromium, or set CHROME_PATH)`,
);
for (const tool of ["wrk", "nginx"]) {
  need(
    ["/usr/bin", "/usr/sbin", "/usr/local/bin"].some((dir) =>
      existsSync(path.join(dir, tool)),
    ),
    `${tool} is missing: apt-get install wrk nginx`,
  );
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

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  need(
    response.ok,
    `POST ${url} answered ${response.status}: ${JSON.stringify(answer)}`,
  );
  return answer;
}

/** The first tier on sale, for `/sponsor-payment?tier=`. */
async function tierOnSale(base) {
  const tiers = await (await fetch(`${base}/api/sponsorship-tiers`)).json();
  const tier = tiers.find((candidate) => candidate.available);
  need(tier, "no sponsorship tier is on sale");
  return tier.value;
}

/**
 * A buyer's private link, `/my-tickets#<secret>`: a ticket bought as the browser app buys it,
 * paid with the sandbox's test card, and the link read from the receipt that the outbox worker
 * writes into DATA_DIR/mail (quoted-printable: its soft line breaks are undone first).
 */
async function manageLink(base) {
  const tickets = await (await fetch(`${base}/api/tickets`)).json();
  const ticket = tickets.find((candidate) => candidate.available);
  need(ticket, "no ticket is on sale to buy for /my-tickets");
  const quantity = ticket.minQuantity ?? 1;
  const { total } = await post(`${base}/api/quote`, {
    kind: "ticket",
    item: ticket.type,
    quantity,
  });
  const email = "lighthouse@example.com";
  const { clientSecret, paymentIntentId } = await post(
    `${base}/api/create-payment-intent`,
    {
      ticketType: ticket.type,
      amount: total,
      name: "Lee Lighthouse",
      email,
      quantity,
    },
  );
  await post(`${base}/api/sandbox/confirm`, {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: "12",
    expYear: "34",
    cvc: "123",
  });
  await post(`${base}/api/confirm-purchase`, { paymentIntentId, clientSecret });
  const mail = path.join(work, "mail");
  for (let tries = 0; tries < 100; tries++) {
    const receipt = (existsSync(mail) ? readdirSync(mail) : [])
      .filter((file) => file.endsWith(".eml"))
      .map((file) => readFileSync(path.join(mail, file), "utf8"))
      .find((raw) => raw.includes(email));
    if (receipt) {
      const link = receipt
        .replace(/=\r?\n/g, "")
        .match(/\/my-tickets#([0-9a-f]+)/);
      need(link, "the receipt has no /my-tickets link");
      return `/my-tickets#${link[1]}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no receipt to ${email} in ${mail}`);
}

/** A PNG logo of `width` × `height`, as a sponsor would send: an orange band on white. */
function pngLogo(width, height) {
  const chunk = (type, data) => {
    const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const framing = Buffer.alloc(8);
    framing.writeUInt32BE(data.length, 0);
    framing.writeUInt32BE(crc32(typed), 4);
    return Buffer.concat([framing.subarray(0, 4), typed, framing.subarray(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height, 0xff);
  for (let y = 0; y < height; y++) {
    pixels[y * row] = 0;
    if (y < height / 3 || y > (2 * height) / 3) continue;
    for (let x = 0; x < width; x++)
      pixels.set([0xc2, 0x41, 0x0c], y * row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A sponsor's private link, `/sponsor#<secret>`: a Gold sponsorship paid with the sandbox's test
 * card (the link from the confirmation), its PNG logo sent from that page and approved with the
 * admin token, so the wall has a logo in it.
 */
async function approvedSponsorLink(base) {
  const tiers = await (await fetch(`${base}/api/sponsorship-tiers`)).json();
  const gold = tiers.find((tier) => tier.value === "gold" && tier.available);
  need(gold, "the Gold sponsorship is not on sale");
  const { clientSecret, paymentIntentId, orderId } = await post(
    `${base}/api/create-sponsorship-payment`,
    {
      tier: "gold",
      price: gold.amount,
      companyName: "Lighthouse Labs",
      contactName: "Lee Lighthouse",
      email: "sponsor@example.com",
      phone: "+1 305 555 0100",
      website: "https://lighthouse.example",
      additionalInfo: "",
    },
  );
  await post(`${base}/api/sandbox/confirm`, {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: "12",
    expYear: "34",
    cvc: "123",
  });
  const { sponsorPageUrl } = await post(`${base}/api/confirm-sponsorship`, {
    paymentIntentId,
    clientSecret,
  });
  const token = new URL(sponsorPageUrl).hash.slice(1);
  const logo = await fetch(`${base}/api/sponsor/logo`, {
    method: "PUT",
    headers: { "content-type": "image/png", "x-sponsor-token": token },
    body: pngLogo(900, 300),
  });
  // need() builds its message before it looks: read the body once.
  const logoAnswer = await logo.text();
  need(logo.ok, `the logo was refused: ${logo.status} ${logoAnswer}`);
  const { revision } = JSON.parse(logoAnswer).profile;
  const review = await fetch(
    `${base}/api/admin/sponsorships/${orderId}/review`,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${ADMIN_TOKEN}`,
      },
      body: JSON.stringify({ approve: true, revision }),
    },
  );
  need(
    review.ok,
    `the review was refused: ${review.status} ${await review.text()}`,
  );
  return `/sponsor#${token}`;
}

/** The JavaScript the prerendered landing page loads up front, as the build's gzip files weigh it. */
function landingPageJavaScript() {
  const pages = JSON.parse(
    readFileSync(path.join(dist, "prerendered/pages.json"), "utf8"),
  );
  const home = readFileSync(
    path.join(dist, "prerendered", pages.pages["/"]),
    "utf8",
  );
  const boot = home.match(
    /<script type="module" src="\/(assets\/boot-[^"]+\.js)">/,
  )[1];
  const code = readFileSync(path.join(dist, boot), "utf8");
  const files = [
    boot,
    ...[...code.matchAll(/import\('\/([^']+)'\)/g)].map(([, file]) => file),
  ];
  return files.reduce(
    (sum, file) => sum + readFileSync(path.join(dist, `${file}.gz`)).length,
    0,
  );
}

/** A session's and a speaker's page, from the programme the app reads: a keynote and its first speaker when there is one. */
async function programmePages(base) {
  const response = await fetch(`${base}/api/programme`);
  need(
    response.ok,
    `GET /api/programme answered ${response.status}: the event has no programme`,
  );
  const { sessions, speakers } = await response.json();
  const session =
    sessions.find(
      (candidate) =>
        candidate.kind === "keynote" && candidate.speakers.length > 0,
    ) ??
    sessions.find((candidate) => candidate.speakers.length > 0) ??
    sessions[0];
  need(session, "the programme has no sessions");
  const speaker = session.speakers[0] ?? speakers[0]?.slug;
  need(speaker, "the programme has no speakers");
  return {
    session: `/sessions/${encodeURIComponent(session.slug)}`,
    speaker: `/speakers/${encodeURIComponent(speaker)}`,
  };
}

/**
 * The bytes of `address`'s HTML as the server sends it to a browser that accepts gzip (gzipped here at
 * zlib's best when the server sends it uncompressed).
 */
function gzipWeight(base, address) {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${address}`,
      { headers: { "accept-encoding": "gzip" } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          need(
            response.statusCode === 200,
            `${address} answered ${response.statusCode}`,
          );
          const body = Buffer.concat(chunks);
          resolve(
            response.headers["content-encoding"] === "gzip"
              ? body.length
              : gzipSync(body, { level: 9 }).length,
          );
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** What a visitor without JavaScript reads on `/`: the brief's headings and every ticket's price. */
async function htmlBeforeJavaScript(base) {
  const html = await (await fetch(`${base}/`)).text();
  const text = html
    .slice(
      html.indexOf('<div id="root">'),
      html.indexOf('<script type="application/json"'),
    )
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
  return {
    found: expected.length - missing.length,
    expected: expected.length,
    missing,
  };
}

function lighthouse(url) {
  const out = path.join(
    work,
    `lighthouse-${Math.random().toString(36).slice(2)}.json`,
  );
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
    {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: "ignore",
      timeout: 180_000,
    },
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
  writeFileSync(
    path.join(dir, "site/index.html"),
    Buffer.from(await (await fetch(`${base}/`)).arrayBuffer()),
  );
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
  const nginx = spawn(
    "nginx",
    ["-c", path.join(dir, "nginx.conf"), "-p", dir],
    { stdio: "ignore" },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`);
  return { nginx, url };
}

const ADMIN_TOKEN = "site-speed-admin-token-0123456789abcdef";
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
  MAIL_POLL_SECONDS: "1",
  ADMIN_TOKEN,
  RUST_LOG: "error",
};
// Whatever the caller's environment says: the shipped event, the sandbox, mail to files.
for (const name of [
  "DATABASE_URL",
  "CONFERENCE_FILE",
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "SMTP_URL",
])
  delete env[name];
const server = await startServer(binary, root, env);
let nginx;
try {
  const landingJs = landingPageJavaScript();
  const html = await htmlBeforeJavaScript(base);
  console.log(
    `JavaScript for /: ${kB(landingJs)}; HTML of / before JavaScript: ${html.found}/${html.expected}` +
      (html.missing.length ? ` (missing: ${html.missing.join(", ")})` : ""),
  );

  // Each page by the name the table gives it, and the address Lighthouse opens: the private
  // links' secrets stay out of the table. The sponsor comes first, so the wall has a logo.
  const sponsorLink = await approvedSponsorLink(base);
  const programme = await programmePages(base);
  const scheduleHtml = await gzipWeight(base, "/schedule");
  console.log(`/schedule HTML (gzip): ${kB(scheduleHtml)}`);
  const pages = {
    "/": "/",
    "/sponsorship": "/sponsorship",
    "/checkout/developer": "/checkout/developer",
    "/sponsor-payment?tier=…": `/sponsor-payment?tier=${await tierOnSale(base)}`,
    "/my-tickets#…": await manageLink(base),
    "/sponsor#…": sponsorLink,
    "/schedule": "/schedule",
    "/sessions/…": programme.session,
    "/speakers": "/speakers",
    "/speakers/…": programme.speaker,
  };
  const scores = {};
  for (const [page, address] of Object.entries(pages)) {
    scores[page] = medianLighthouse(`${base}${address}`);
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
  const block = [
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
    lighthouseRow("/sponsor-payment?tier=…", 100),
    lighthouseRow("/my-tickets#…", 100),
    lighthouseRow("/sponsor#…", 100),
    `| \`/schedule\` HTML (gzip) | ${kB(scheduleHtml)} | ≤ ${kB(BUDGETS.scheduleHtml)} | ${scheduleHtml <= BUDGETS.scheduleHtml ? "pass" : "FAIL"} |`,
    lighthouseRow("/schedule", 100),
    lighthouseRow("/sessions/…", 100),
    lighthouseRow("/speakers", 100),
    lighthouseRow("/speakers/…", 100),
    rateRow("/"),
    rateRow("/api/tickets"),
    "",
  ];
  console.log(block.join("\n"));
  recordBlock(
    path.join(root, "docs/benchmarks.md"),
    {
      header:
        "## Site speed (`node bench/site-speed.mjs [wrk seconds] [Lighthouse runs]`)",
      intro:
        "The landing page's JavaScript, its HTML before JavaScript, Lighthouse on five pages and the\n" +
        "throughput of `/` and `/api/tickets` against nginx serving the same bytes, on the release build.",
    },
    block,
  );
} finally {
  nginx?.kill();
  await server.stop();
}
