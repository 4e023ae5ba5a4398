// Issue 20: a door device downloads the check-in list of 5,000 tickets in under 2 s and 500 KB,
// and syncing 1,000 scans it made offline takes under 2 s.
//
// Runs the release server on a fresh SQLite database and pays for 250 orders of 20 Developer
// Passes through the sandbox (5,000 tickets). Then, as a door device does:
// - downloads GET /api/admin/check-in/list?deviceId= as a browser asks for it (brotli or gzip
//   accepted), timed to the last byte, counting the bytes on the wire and once more uncompressed;
// - sends 1,000 offline scans (codes read from the back office's order pages, each with its
//   own device time after that download) in batches of 500 (the most the server takes), timed
//   from the first request to the last answer; every scan must come back `admitted` with its time
//   believed, and the list downloaded again must count 1,000 checked in.
// Appends a row to docs/benchmarks.md; exits 1 on FAIL.
//
// Usage: node bench/door-sync.mjs [tickets, default 5000] [scans, default 1000]
// CONFERENCE_BIN names the binary (default target/release/conference).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import { freePort, serverBinary, sleep, startServer } from "./lib/server.mjs";
import { recordRow } from "./lib/benchmarks-md.mjs";

const root = path.resolve(import.meta.dirname, "..");
const tickets = Number(process.argv[2] ?? 5000);
const scans = Number(process.argv[3] ?? 1000);
const binary = serverBinary(root);
const PER_ORDER = 20;
const BATCH = 500;
const TIME_BUDGET_S = 2;
const BYTES_BUDGET = 500 * 1000;
const IN_FLIGHT = 8;
const TOKEN = "door-bench-token-0123456789abcdef0123456789";
const log = (...args) => console.log("door-sync:", ...args);

if (!existsSync(binary)) {
  console.error(`door-sync: no server at ${binary}: cargo build --release`);
  process.exit(1);
}
if (tickets % PER_ORDER !== 0 || scans > tickets) {
  console.error(`door-sync: tickets must be a multiple of ${PER_ORDER}, and at least the scans`);
  process.exit(1);
}

const admin = { Authorization: `Bearer ${TOKEN}` };

async function postJson(base, url, body, headers = {}) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(base + url, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
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

/** One paid order of 20 Developer Passes; answers a failure's description, or nothing. */
async function buy(base, index, amount) {
  const created = await postJson(base, "/api/create-payment-intent", {
    ticketType: "developer",
    amount,
    name: `Door Guest ${index}`,
    email: `door.guest${index}@example.com`,
    quantity: PER_ORDER,
  });
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

/** The door device's name: its scans are believed from its first download of the list on. */
const DEVICE = "bench-door";

/** The list as a browser downloads it: time to the last byte, bytes on the wire, and the JSON. */
function downloadList(base) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      `${base}/api/admin/check-in/list?deviceId=${DEVICE}`,
      { headers: { ...admin, "Accept-Encoding": "br, gzip" } },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const seconds = (performance.now() - started) / 1000;
          const wire = Buffer.concat(chunks);
          const encoding = response.headers["content-encoding"] ?? "identity";
          const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, identity: (bytes) => bytes }[encoding];
          const body = decode ? decode(wire).toString("utf8") : null;
          resolve({ status: response.statusCode, seconds, wireBytes: wire.length, encoding, body });
        });
      },
    );
    request.on("error", reject);
  });
}

/** The list uncompressed, for its size. */
async function listBytesUncompressed(base) {
  const response = await fetch(`${base}/api/admin/check-in/list`, { headers: { ...admin, "Accept-Encoding": "identity" } });
  return Buffer.from(await response.arrayBuffer()).length;
}

/** `wanted` ticket codes, from the back office's order pages. */
async function ticketCodes(base, wanted) {
  const codes = [];
  for (let page = 1; codes.length < wanted; page++) {
    const orders = await fetch(`${base}/api/admin/orders?kind=ticket&page=${page}`, { headers: admin }).then((r) => r.json());
    if (orders.items.length === 0) break;
    for (const order of orders.items) {
      const detail = await fetch(`${base}/api/admin/orders/${order.id}`, { headers: admin }).then((r) => r.json());
      codes.push(...detail.tickets.map((ticket) => ticket.code));
      if (codes.length >= wanted) break;
    }
  }
  return codes.slice(0, wanted);
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-door-bench-"));
const env = {
  ...process.env,
  DATA_DIR: dir,
  CONFERENCE_FILE: path.join(root, "conference.toml"),
  PORT: String(await freePort()),
  ADMIN_TOKEN: TOKEN,
  RATE_LIMITS: "off",
  MAIL_WORKER: "false",
  RUST_LOG: "warn,sqlx=warn",
};
delete env.DATABASE_URL;
delete env.SMTP_URL;
const loadAtStart = loadavg()[0];
const server = await startServer(binary, root, env);
const failures = [];
let list;
let rawBytes = 0;
let sync = { seconds: NaN };
try {
  const quote = await postJson(server.base, "/api/quote", { kind: "ticket", item: "developer", quantity: PER_ORDER }).then((r) =>
    r.json(),
  );
  let next = 0;
  const orders = tickets / PER_ORDER;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < orders) {
        const failure = await buy(server.base, next++, quote.total);
        if (failure) failures.push(failure);
      }
    }),
  );
  await downloadList(server.base); // warm: the first answer also fills the database's page cache
  list = await downloadList(server.base);
  rawBytes = await listBytesUncompressed(server.base);
  const listed = JSON.parse(list.body ?? "{}").tickets?.length ?? 0;
  log(`${listed} tickets listed`);
  if (list.status !== 200 || listed !== tickets) failures.push(`list: ${list.status}, ${listed} tickets for ${tickets}`);

  const codes = await ticketCodes(server.base, scans);
  // A millisecond apart, all after the device's list download and before they are sent.
  const scannedAt = Date.now() - codes.length;
  const started = performance.now();
  const results = [];
  for (let start = 0; start < codes.length; start += BATCH) {
    const part = codes.slice(start, start + BATCH).map((code, index) => ({ code, scannedAt: scannedAt + start + index }));
    const answer = await postJson(server.base, "/api/admin/check-in/batch", { deviceId: DEVICE, scans: part }, admin);
    if (!answer.ok) {
      failures.push(`batch ${answer.status}: ${await answer.text()}`);
      break;
    }
    results.push(...(await answer.json()).results);
  }
  sync = { seconds: (performance.now() - started) / 1000 };
  const admitted = results.filter((result) => result.result === "admitted" && !result.doubt).length;
  if (admitted !== scans) failures.push(`${admitted} of ${scans} scans admitted at their own time`);
  const after = JSON.parse((await downloadList(server.base)).body ?? "{}");
  const checkedIn = after.ticketTypes?.find((count) => count.ticketType === "developer")?.checkedIn;
  if (checkedIn !== scans) failures.push(`the list counts ${checkedIn} checked in, not ${scans}`);
} catch (error) {
  failures.push(String(error));
  log(`the server said:\n${server.logs().slice(-3000)}`);
} finally {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}

const pass =
  failures.length === 0 && list.seconds < TIME_BUDGET_S && list.wireBytes < BYTES_BUDGET && sync.seconds < TIME_BUDGET_S;
const kb = (bytes) => `${Math.round(bytes / 1000)} KB`;
log(
  `list of ${tickets}: ${list?.seconds.toFixed(3)} s, ${kb(list?.wireBytes ?? 0)} on the wire (${list?.encoding}), ` +
    `${kb(rawBytes)} uncompressed; ${scans} offline scans synced in ${sync.seconds.toFixed(3)} s; ` +
    `load average ${loadAtStart.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at the end`,
);
for (const failure of failures.slice(0, 5)) log(`failure: ${failure}`);

const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB`;
recordRow(
  path.join(root, "docs/benchmarks.md"),
  {
    header: "## The door offline (`node bench/door-sync.mjs [tickets] [scans]`)",
    intro:
      "A door device's two calls: downloading the check-in list (time to the last byte and bytes on the wire, brotli or\n" +
      "gzip accepted as a browser does) and sending the scans it made offline in batches of 500. Budgets: the list of\n" +
      "5,000 tickets in under 2 s and 500 KB; 1,000 offline scans synced in under 2 s, every one admitted.",
    tableHead:
      "| date | machine | tickets | check-in list | offline scans synced | result |\n" +
      "|---|---|---|---|---|---|",
  },
  `| ${date} | ${machine} | ${tickets} tickets (SQLite) | ${list.seconds.toFixed(3)} s, ${kb(list.wireBytes)} ${list.encoding} ` +
    `(${kb(rawBytes)} uncompressed) | ${scans} scans in ${Math.ceil(scans / BATCH)} batches: ${sync.seconds.toFixed(3)} s ` +
    `| ${pass ? "pass" : "FAIL"} |`,
);

process.exit(pass ? 0 : 1);
