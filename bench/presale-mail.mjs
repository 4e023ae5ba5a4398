// Issue 22: a presale to 10,000 waitlist registrations, queued at once and delivered within the
// mail budget (DESIGN.md §7: 2,000 emails in 30 s, so 10,000 in 150 s), one link per confirmed,
// subscribed registration, none to anyone unsubscribed, each with its unsubscribe link.
//
// Runs the release server on a fresh SQLite database with an event file whose ticket sales open
// in a month, its email worker sending to a local SMTP sink. Registers the subscribed people and
// some who did not subscribe (their confirmations are delivered first, untimed), the subscribed
// ones follow the confirmation link of their email (double opt-in, untimed), then launches a
// presale of every ticket through the back office's API and times from the launch call until the
// sink has the last priority link. Appends a row to docs/benchmarks.md; exits 1 on FAIL.
//
// Usage: node bench/presale-mail.mjs [registrations, default 10000]
// CONFERENCE_BIN names the binary (default target/release/conference).
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { recordRow } from "./lib/benchmarks-md.mjs";
import { freePort, sleep, startServer } from "./lib/server.mjs";
import { startSmtpSink } from "./lib/smtp-sink.mjs";

const root = path.resolve(import.meta.dirname, "..");
const subscribed = Number(process.argv[2] ?? 10_000);
// People on the waitlist who did not want updates: the presale must not write to them.
const unsubscribed = Math.ceil(subscribed / 20);
const binary =
  process.env.CONFERENCE_BIN ?? path.join(root, "target/release/conference");
// 2,000 emails in 30 s, at that rate for all of them.
const BUDGET_SECONDS = (30 * subscribed) / 2000;
const IN_FLIGHT = 32;
const SETTLE_MS = 6000;
const GIVE_UP_MS = Math.max(300_000, BUDGET_SECONDS * 3000);
const ADMIN_TOKEN = "bench-admin-token-0123456789abcdefghijklmnopqrstuvwxyz";
const log = (...args) => console.log("presale-mail:", ...args);

if (!existsSync(binary)) {
  console.error(`presale-mail: no server at ${binary}: cargo build --release`);
  process.exit(1);
}

/** The plain-text part of a raw email, decoded from quoted-printable or base64. */
function plainText(raw) {
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(headers)) continue;
    const body = part.slice(split).trim();
    if (/content-transfer-encoding:\s*base64/i.test(headers))
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
      return body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_, hex) =>
          String.fromCharCode(parseInt(hex, 16)),
        );
    return body;
  }
  return "";
}

/**
 * What the checks need of one message: its recipients, whether it is a priority link, its
 * unsubscribe link, and the token of the confirmation link a waitlist email carries.
 */
function inspect(recipients, data) {
  const raw = data.toString("latin1");
  const head = raw.slice(0, raw.indexOf("\r\n\r\n"));
  return {
    recipients,
    link: /PRE-[0-9A-Z]{8}/.test(raw),
    unsubscribe: /^List-Unsubscribe:\s*<[^>]*\/unsubscribe\?token=/im.test(
      head,
    ),
    confirm: /\/waitlist\/confirm\?token=([0-9a-f]+)/.exec(plainText(raw))?.[1],
    at: performance.now(),
  };
}

async function call(base, method, url, body, headers = {}) {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(base + url, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: body && JSON.stringify(body),
    });
    const answer = { status: response.status, body: await response.json() };
    // 503: the database was too busy and nothing was written; a browser tries again.
    if (answer.status !== 503 || attempt === 5) return answer;
    await sleep(1000);
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-presale-bench-"));
// The next edition, with its ticket sales a month away: a presale comes before them.
const opens = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000);
const eventFile = path.join(dir, "event.toml");
writeFileSync(
  eventFile,
  readFileSync(path.join(root, "examples/codewave-2027.toml"), "utf8").replace(
    /^sales_open = .*$/m,
    `sales_open = ${opens.toISOString().slice(0, 19)}Z`,
  ),
);
const sink = await startSmtpSink(inspect);
const env = {
  ...process.env,
  DATA_DIR: dir,
  CONFERENCE_FILE: eventFile,
  PORT: String(await freePort()),
  RATE_LIMITS: "off",
  RUST_LOG: "warn,sqlx=warn",
  ADMIN_TOKEN,
  MAIL_WORKER: "true",
  SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
};
delete env.DATABASE_URL;
const loadAtStart = loadavg()[0];
const server = await startServer(binary, root, env);
const failures = [];
let launch;
let launchSeconds;
let allArrived;
let lastArrival;
let registerSeconds;
try {
  // The waitlist: `subscribed` people who want updates, `unsubscribed` who do not.
  const people = subscribed + unsubscribed;
  const registerStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < people) {
        const n = next++;
        const answer = await call(server.base, "POST", "/api/register-waitlist", {
          fullName: `Waiting Person ${n}`,
          email: `person${n}@example.com`,
          interestAreas: ["web", "ai", "cloud"].slice(0, 1 + (n % 3)),
          subscribe: n < subscribed,
        });
        if (answer.status !== 200)
          failures.push(`register ${answer.status}: ${answer.body.message}`);
      }
    }),
  );
  registerSeconds = (performance.now() - registerStart) / 1000;
  log(`registered ${people} in ${registerSeconds.toFixed(1)} s; delivering their confirmations first`);
  if (!(await sink.waitFor(people, GIVE_UP_MS)))
    failures.push(`only ${sink.messages.length} confirmations arrived`);
  const confirmations = sink.messages.length;

  // The subscribed people confirm their address, as its owner does: the button of the link's page.
  const toConfirm = sink.messages.filter(
    (message) =>
      message.confirm &&
      Number(/^person(\d+)@/.exec(message.recipients[0])?.[1]) < subscribed,
  );
  if (toConfirm.length !== subscribed)
    failures.push(`${toConfirm.length} confirmation links to the subscribed`);
  let nextConfirmation = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (nextConfirmation < toConfirm.length) {
        const { confirm } = toConfirm[nextConfirmation++];
        const answer = await fetch(
          `${server.base}/waitlist/confirm?token=${confirm}`,
          { method: "POST" },
        );
        await answer.arrayBuffer();
        if (answer.status !== 200)
          failures.push(`confirm ${answer.status}`);
      }
    }),
  );
  log(`${toConfirm.length} confirmed their address`);

  const launched = performance.now();
  launch = await call(
    server.base,
    "POST",
    "/api/admin/presales",
    {
      item: "tickets",
      deadline: opens.getTime() - 24 * 60 * 60 * 1000,
    },
    { Authorization: `Bearer ${ADMIN_TOKEN}` },
  );
  launchSeconds = (performance.now() - launched) / 1000;
  if (launch.status !== 201)
    failures.push(`launch ${launch.status}: ${launch.body.message}`);
  log(`launched in ${launchSeconds.toFixed(2)} s: ${launch.body.recipients} links queued`);
  allArrived = await sink.waitFor(confirmations + subscribed, GIVE_UP_MS);
  lastArrival = (sink.messages.at(-1)?.at ?? performance.now()) - launched;
  await sleep(SETTLE_MS);
} finally {
  await server.stop();
  await sink.close();
}
const outbox = execFileSync(binary, ["outbox"], {
  cwd: root,
  env,
  encoding: "utf8",
  // a line per email, 20,000 and more
  maxBuffer: 256 * 1024 * 1024,
})
  .split("\n")
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((email) => email.kind === "presale_link");

const links = sink.messages.filter((message) => message.link);
const linkedTo = new Map();
for (const message of links)
  for (const to of message.recipients)
    linkedTo.set(to, (linkedTo.get(to) ?? 0) + 1);
const twice = [...linkedTo.values()].filter((count) => count > 1).length;
const toUnsubscribed = [...linkedTo.keys()].filter(
  (to) => Number(/^person(\d+)@/.exec(to)?.[1]) >= subscribed,
).length;
const withoutUnsubscribe = links.filter((message) => !message.unsubscribe).length;
const unsent = outbox.filter(
  (email) => email.status !== "sent" || email.attempts !== 1,
).length;
const seconds = lastArrival / 1000;

const pass =
  failures.length === 0 &&
  allArrived &&
  launch.body.recipients === subscribed &&
  links.length === subscribed &&
  linkedTo.size === subscribed &&
  twice === 0 &&
  toUnsubscribed === 0 &&
  withoutUnsubscribe === 0 &&
  outbox.length === subscribed &&
  unsent === 0 &&
  seconds < BUDGET_SECONDS;

log(
  `${links.length} links to ${linkedTo.size} people in ${seconds.toFixed(1)} s from the launch call ` +
    `(${(links.length / seconds).toFixed(0)}/s), ${twice} sent twice, ${toUnsubscribed} to unsubscribed people, ` +
    `${withoutUnsubscribe} without List-Unsubscribe, ${unsent} outbox rows not sent once; ` +
    `load average ${loadAtStart.toFixed(2)} at start, ${loadavg()[0].toFixed(2)} at the end` +
    (failures.length ? `; failures: ${failures.slice(0, 3).join("; ")}` : ""),
);

const row =
  `| ${new Date().toISOString().slice(0, 10)} | ${cpus().length} cores (load ${loadAtStart.toFixed(1)}) | ` +
  `${subscribed} + ${unsubscribed} | ${launchSeconds.toFixed(2)} s | ${links.length} | ${twice} | ${toUnsubscribed} | ` +
  `${seconds.toFixed(1)} s | ${(links.length / seconds).toFixed(0)} | < ${BUDGET_SECONDS.toFixed(0)} s | ${pass ? "pass" : "FAIL"} |`;
console.log(row);
recordRow(
  path.join(root, "docs/benchmarks.md"),
  {
    header: "## A presale to the waitlist (`node bench/presale-mail.mjs [registrations]`)",
    intro:
      "Issue 22: a presale's priority links to 10,000 subscribed registrations, queued by one call and delivered\n" +
      "within the mail budget (2,000 in 30 s, so 10,000 in 150 s) to a local SMTP sink. The script registers them,\n" +
      "and one in twenty more who did not subscribe, through the public API (their confirmations are delivered\n" +
      "first, untimed), launches a presale of every ticket through `POST /api/admin/presales`, and times from that\n" +
      "call until the last link arrives. Every subscribed person must get exactly one link with a `List-Unsubscribe`\n" +
      "header, nobody unsubscribed any, and every outbox row must end `sent` after one attempt.",
    tableHead:
      "| date | machine | subscribed + not | launch call | links delivered | sent twice | to unsubscribed | seconds | links/s | budget | result |\n" +
      "|---|---|---|---|---|---|---|---|---|---|---|",
  },
  row,
);
if (pass) rmSync(dir, { recursive: true, force: true });
else log(`the data is kept in ${dir}`);
process.exitCode = pass ? 0 : 1;
