// DESIGN.md §7 and issue 19: an invoice PDF renders in at most 20 ms at the 99th percentile,
// and rendering 1,000 of them leaves the server's memory where it was.
//
// Runs the release server on a fresh SQLite database, pays for `count` orders through the
// sandbox (each issues one invoice; a third of them with a company's billing details, so the
// layout wraps an address), then asks the back office for every invoice's PDF one after
// another and times each answer: the render, the database read and the local HTTP round trip,
// so the render alone is faster than what is reported. The server's resident memory is read
// from /proc after the first 100 PDFs (allocator and font caches warm) and after the last; it
// must not grow by more than 4 MB. Last, all the PDFs are downloaded as one zip, which the
// server streams: its peak memory is reported beside it. Every PDF must start with %PDF- and
// name its invoice number. Appends a row to docs/benchmarks.md; exits 1 on FAIL.
//
// Usage: node bench/invoice-render.mjs [invoices, default 1000]
// CONFERENCE_BIN names the binary (default target/release/conference).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";

import { freePort, serverBinary, sleep, startServer } from "./lib/server.mjs";
import { recordRow } from "./lib/benchmarks-md.mjs";

const root = path.resolve(import.meta.dirname, "..");
const count = Number(process.argv[2] ?? 1000);
const binary = serverBinary(root);
const P99_BUDGET_MS = 20;
const GROWTH_BUDGET_KB = 4096;
const WARM_UP = 100;
const IN_FLIGHT = 16;
const TOKEN = "invoice-bench-token-0123456789abcdef0123456789";
const log = (...args) => console.log("invoice-render:", ...args);

if (!existsSync(binary)) {
  console.error(`invoice-render: no server at ${binary}: cargo build --release`);
  process.exit(1);
}
if (count < WARM_UP + 100) {
  console.error(`invoice-render: render at least ${WARM_UP + 100} invoices`);
  process.exit(1);
}

async function postJson(base, url, body) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(base + url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    // 503: the database was busy and nothing was written; a browser tries again.
    if (response.status === 503 && attempt < 5) {
      await sleep(100 * (attempt + 1));
      continue;
    }
    return response;
  }
}

const company = {
  company: "Acme Widgets International Holdings Incorporated",
  address: "500 Brickell Avenue\nSuite 1200, Tower Two",
  city: "Miami",
  region: "FL",
  postalCode: "33131",
  country: "US",
  taxId: "US-12-3456789",
};

/** One paid order; answers a failure's description, or nothing. */
async function buy(base, index) {
  const body = {
    merchandiseId: 2,
    amount: 3499,
    name: `Invoice Buyer ${index}`,
    email: `invoice.buyer${index}@example.com`,
    quantity: 1,
    size: "M",
    color: "Coral",
    ...(index % 3 === 0 ? { billing: company } : {}),
  };
  const created = await postJson(base, "/api/create-merchandise-payment", body);
  if (!created.ok) return `create ${created.status}: ${await created.text()}`;
  const { clientSecret } = await created.json();
  const paid = await postJson(base, "/api/sandbox/confirm", {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: "12",
    expYear: "34",
    cvc: "123",
  });
  return paid.ok ? undefined : `pay ${paid.status}: ${await paid.text()}`;
}

function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-invoice-bench-"));
const env = {
  ...process.env,
  DATA_DIR: dir,
  CONFERENCE_FILE: path.join(root, "conference.toml"),
  PORT: String(await freePort()),
  ADMIN_TOKEN: TOKEN,
  RATE_LIMITS: "off",
  // Receipts are not the subject: their PDFs would be rendered beside the measured ones.
  MAIL_WORKER: "false",
  RUST_LOG: "warn,sqlx=warn",
};
delete env.DATABASE_URL;
delete env.SMTP_URL;
const loadAtStart = loadavg()[0];
const server = await startServer(binary, root, env);
const admin = { Authorization: `Bearer ${TOKEN}` };
const failures = [];
const times = [];
let before;
let after;
let zip;
try {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) {
        const failure = await buy(server.base, next++);
        if (failure) failures.push(failure);
      }
    }),
  );
  const ledger = await fetch(`${server.base}/api/admin/invoices`, { headers: admin }).then((r) => r.json());
  const invoices = ledger.invoices ?? [];
  log(`${invoices.length} invoices issued for ${count} orders${failures.length ? `, ${failures.length} failed: ${failures[0]}` : ""}`);
  for (const [index, invoice] of invoices.entries()) {
    if (index === WARM_UP) before = server.memory();
    const started = performance.now();
    const response = await fetch(server.base + invoice.url, { headers: admin });
    const pdf = Buffer.from(await response.arrayBuffer());
    times.push(performance.now() - started);
    if (!response.ok || !pdf.subarray(0, 5).equals(Buffer.from("%PDF-")) || pdf.length < 1000) {
      failures.push(`${invoice.number}: ${response.status}, ${pdf.length} bytes`);
    }
  }
  after = server.memory();
  const zipStarted = performance.now();
  const zipResponse = await fetch(`${server.base}/api/admin/invoices/pdfs.zip`, { headers: admin });
  const zipBytes = Buffer.from(await zipResponse.arrayBuffer());
  zip = {
    ok: zipResponse.ok && zipBytes.subarray(0, 2).equals(Buffer.from("PK")),
    seconds: (performance.now() - zipStarted) / 1000,
    megabytes: zipBytes.length / 1e6,
    peak: server.memory().peak,
  };
  if (invoices.length !== count) failures.push(`${invoices.length} invoices for ${count} orders`);
} catch (error) {
  failures.push(String(error));
  log(`the server said:\n${server.logs().slice(-3000)}`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const sorted = [...times].sort((a, b) => a - b);
const p50 = percentile(sorted, 0.5);
const p99 = percentile(sorted, 0.99);
const growth = after.rss - before.rss;
const pass = failures.length === 0 && p99 <= P99_BUDGET_MS && growth <= GROWTH_BUDGET_KB && zip.ok;
log(
  `${times.length} PDFs: p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${sorted.at(-1).toFixed(2)} ms; ` +
    `RSS ${(before.rss / 1024).toFixed(1)} MB after ${WARM_UP}, ${(after.rss / 1024).toFixed(1)} MB after ${times.length}; ` +
    `zip of all ${zip.megabytes.toFixed(1)} MB in ${zip.seconds.toFixed(2)} s, peak RSS ${(zip.peak / 1024).toFixed(1)} MB; ` +
    `load average ${loadAtStart.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at the end`,
);
for (const failure of failures.slice(0, 5)) log(`failure: ${failure}`);

const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;
const mb = (kb) => (kb / 1024).toFixed(1);
recordRow(
  path.join(root, "docs/benchmarks.md"),
  {
    header: "## Invoice PDFs (`node bench/invoice-render.mjs [invoices]`)",
    intro:
      "Each invoice's PDF fetched once from the back office, one after another, timed from request to last byte\n" +
      "(render, database read and a local round trip), and the server's resident memory after the first 100 and\n" +
      "after the last; then every PDF in one streamed zip. Budget: p99 ≤ 20 ms, no growth in memory (≤ 4 MB).",
    tableHead:
      "| date | machine | invoices | p50 / p99 per PDF | memory after 100 → after all | zip of all | result |\n" +
      "|---|---|---|---|---|---|---|",
  },
  `| ${date} | ${machine} | ${times.length} invoices (SQLite) | ${p50.toFixed(2)} ms / ${p99.toFixed(2)} ms ` +
    `| ${mb(before.rss)} → ${mb(after.rss)} MB (${growth >= 0 ? "+" : ""}${mb(growth)} MB) ` +
    `| ${zip.megabytes.toFixed(1)} MB in ${zip.seconds.toFixed(2)} s, peak ${mb(zip.peak)} MB ` +
    `| ${pass ? "pass" : "FAIL"} |`,
);

process.exit(pass ? 0 : 1);
