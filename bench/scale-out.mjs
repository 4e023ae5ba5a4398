// The scale-out recipe, tested: two server instances on one PostgreSQL database behind
// nginx running deploy/nginx.conf, buyers going through the proxy while one instance is
// killed with SIGKILL and later restarted. It must end with no lost and no doubled order.
//
// Usage (as root, for nginx): node bench/scale-out.mjs [buyers] [in flight]
// Needs the release build (CONFERENCE_BIN, default target/release/conference), nginx,
// openssl, psql and PostgreSQL at 127.0.0.1:5432 with trust auth for user postgres
// (PG_URL overrides). Appends the result to docs/benchmarks.md.
import { execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import https from "node:https";
import { cpus, tmpdir } from "node:os";
import path from "node:path";

import {
  eventFileWithLimit,
  freePort,
  serverBinary,
  sleep,
  untilReady,
} from "./lib/server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buyers = Number(process.argv[2] ?? 300);
const inFlight = Number(process.argv[3] ?? 24);
const binary = serverBinary(root);
const postgres = new URL(
  process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432",
);
const run = Math.random().toString(36).slice(2, 10);
const database = `scale_${run}`;
const databaseUrl = new URL(`/${database}`, postgres).href;
// A call that got no answer is tried again this many times in all, with a growing pause.
const MAX_TRIES = 8;
// Bought one at a time after B is killed with nothing in flight.
const IDLE_KILL_BUYERS = 10;
// The answers nginx itself gives when no instance answered (deploy/nginx.conf).
const PROXY_MESSAGES = new Set([
  "The site did not answer. Please try again.",
  "The site took too long to answer. Please try again.",
]);

function psql(db, sql) {
  const output = execFileSync(
    "psql",
    [
      ...["-h", postgres.hostname, "-p", postgres.port || "5432"],
      ...["-U", postgres.username || "postgres", "-d", db],
      ...["-v", "ON_ERROR_STOP=1", "-X", "-q", "-At", "-F", "\t", "-c", sql],
    ],
    { encoding: "utf8" },
  );
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
}


/**
 * deploy/nginx.conf as committed, with only its machine-specific lines swapped. Each
 * line must appear exactly once, so the test fails loudly rather than run a config
 * that has drifted from the committed one.
 */
function nginxConf(dir, ports, tls) {
  let conf = readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
  const swaps = [
    ["pid /run/nginx.pid;", `pid ${dir}/nginx.pid;`],
    [
      "error_log /var/log/nginx/error.log warn;",
      `error_log ${dir}/error.log warn;`,
    ],
    [
      "access_log /var/log/nginx/conference.access.log conference;",
      `access_log ${dir}/access.log conference;`,
    ],
    ["server 127.0.0.1:8081 ", `server 127.0.0.1:${ports.a} `],
    ["server 127.0.0.1:8082 ", `server 127.0.0.1:${ports.b} `],
    ["listen 80;", `listen 127.0.0.1:${ports.http};`],
    ["listen 443 ssl http2;", `listen 127.0.0.1:${ports.https} ssl http2;`],
    ["/etc/letsencrypt/live/codewave.events/fullchain.pem;", `${tls.cert};`],
    ["/etc/letsencrypt/live/codewave.events/privkey.pem;", `${tls.key};`],
  ];
  for (const [line, replacement] of swaps) {
    const count = conf.split(line).length - 1;
    if (count !== 1)
      throw new Error(`deploy/nginx.conf has "${line}" ${count} times, not 1`);
    conf = conf.replace(line, replacement);
  }
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  return file;
}

function selfSignedCertificate(dir) {
  const tls = {
    cert: path.join(dir, "cert.pem"),
    key: path.join(dir, "key.pem"),
  };
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt"],
      ...["ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", tls.key, "-out", tls.cert],
    ],
    { stdio: "ignore" },
  );
  return tls;
}

/** Polls `check` until it answers true; an error marked `fatal` ends the wait at once. */
async function waitFor(what, check, seconds = 20) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (error) {
      if (error.fatal) throw error;
    }
    await sleep(100);
  }
  throw new Error(`${what} was not ready within ${seconds} s`);
}

class Instance {
  constructor(name, port, dir, env) {
    Object.assign(this, { name, port, dir, env });
  }

  async start() {
    const log = openSync(path.join(this.dir, `${this.name}.log`), "a");
    this.process = spawn(binary, ["serve"], {
      env: this.env,
      stdio: ["ignore", log, log],
    });
    this.exited = new Promise((resolve) => this.process.once("exit", resolve));
    await untilReady(`http://127.0.0.1:${this.port}`, this.process, {
      every: 100,
      logs: () => `instance ${this.name}; see ${this.dir}`,
    });
    this.readyAt = Date.now();
  }

  async stop(signal = "SIGTERM") {
    if (!this.process || this.process.exitCode !== null) return;
    this.process.kill(signal);
    await this.exited;
  }
}

/** One HTTPS call through nginx; a failed connection answers status 0. */
function call(proxy, method, url, { body, headers = {} } = {}) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: proxy.port,
        path: url,
        method,
        agent: proxy.agent,
        timeout: 90_000,
        headers: {
          ...(payload && { "Content-Type": "application/json" }),
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", (error) => resolve({ status: 0, error }));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const { statusCode: status, headers } = response;
          resolve({ status, headers, body: json });
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve({ status: 0, error }));
    request.end(payload);
  });
}

const tally = {
  atProxy: {},
  serverBusy: 0,
  retried: 0,
  refused: {},
};

function count(bucket, key) {
  bucket[key] = (bucket[key] ?? 0) + 1;
}

/**
 * One step of a purchase, tried again while the answer says nobody finished it:
 * a failed connection, nginx's 502/504 (an instance died or hung with the call),
 * or the server's 503 (busy, nothing done).
 */
async function step(buyer, name, send) {
  for (let tries = 1; ; tries++) {
    const answer = await send();
    const fromProxy =
      answer.status === 0 || PROXY_MESSAGES.has(answer.body?.message);
    const busy = answer.status === 503 && !fromProxy;
    if (!fromProxy && !busy) return answer;
    if (fromProxy) {
      count(tally.atProxy, `${name} ${answer.status || answer.error.code}`);
      if (name === "create") buyer.unansweredCreates += 1;
      buyer.unanswered.add(name);
    } else tally.serverBusy += 1;
    if (tries === MAX_TRIES) return answer;
    tally.retried += 1;
    buyer.retries += 1;
    await sleep(200 * tries);
  }
}

async function buy(proxy, buyer, vip) {
  const created = await step(buyer, "create", () =>
    call(proxy, "POST", "/api/create-payment-intent", {
      // A create retried with the same key (and body) gets the same order back, so a
      // create whose answer was lost with a killed instance places no second order.
      headers: {
        "Idempotency-Key": buyer.key,
        "X-Forwarded-For": buyer.address,
      },
      body: {
        ticketType: "vip",
        amount: vip.price * buyer.quantity,
        quantity: buyer.quantity,
        name: `Scale Buyer ${buyer.index}`,
        email: buyer.email,
      },
    }),
  );
  if (created.status !== 200) return fail(buyer, "create", created);

  const paid = await step(buyer, "pay", () =>
    call(proxy, "POST", "/api/sandbox/confirm", {
      headers: { "X-Forwarded-For": buyer.address },
      body: {
        clientSecret: created.body.clientSecret,
        cardNumber: "4242424242424242",
        expMonth: "12",
        expYear: "34",
        cvc: "123",
      },
    }),
  );
  // A payment whose success was lost with a killed instance is already paid on retry.
  const paidEarlier =
    paid.status === 409 &&
    buyer.unanswered.has("pay") &&
    paid.body?.message === "This payment has already been completed.";
  if (paid.status !== 200 && !paidEarlier) return fail(buyer, "pay", paid);

  const confirmed = await step(buyer, "confirm", () =>
    call(proxy, "POST", "/api/confirm-purchase", {
      headers: { "X-Forwarded-For": buyer.address },
      body: {
        paymentIntentId: created.body.paymentIntentId,
        ticketId: created.body.ticketId,
        clientSecret: created.body.clientSecret,
      },
    }),
  );
  if (confirmed.status !== 200 || confirmed.body?.status !== "paid")
    return fail(buyer, "confirm", confirmed);
  buyer.acknowledgedOrderId = confirmed.body.orderId;
}

function fail(buyer, name, answer) {
  buyer.failedAt = name;
  count(tally.refused, `${name} ${answer.status || answer.error?.code}`);
}

/** nginx's access log lines (the `conference` format of deploy/nginx.conf). */
function accessLog(dir) {
  const file = path.join(dir, "access.log");
  if (!existsSync(file)) return [];
  const pattern =
    /^\S+ \[\S+\] ([\d.]+) "(\S+) \S+" (\d+) .* upstream=\[([^\]]*)\]/;
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.match(pattern))
    .filter(Boolean)
    .map(([, msec, method, status, upstream]) => ({
      at: Number(msec) * 1000,
      method,
      status: Number(status),
      upstreams: upstream.split(/, | : /),
    }));
}

/** Two instances on one fresh database, and nginx in front of them. */
async function startCluster(dir, children) {
  const ports = {
    a: await freePort(),
    b: await freePort(),
    http: await freePort(),
    https: await freePort(),
  };
  // Enough VIP passes that no buyer meets a sellout.
  const conferenceFile = eventFileWithLimit(root, dir, "vip", 4 * buyers + 100);
  const instance = (name, port, mailWorker) => {
    mkdirSync(path.join(dir, name));
    // A clean environment: nothing from the caller's (Stripe keys, SMTP, PUBLIC_URL).
    return new Instance(name, port, dir, {
      PATH: process.env.PATH,
      PORT: String(port),
      BIND: "127.0.0.1",
      DATA_DIR: path.join(dir, name),
      DATABASE_URL: databaseUrl,
      CONFERENCE_FILE: conferenceFile,
      WEB_DIR: path.join(root, "web/dist"),
      TRUSTED_PROXIES: "127.0.0.1",
      // On: every buyer is a distinct visitor in X-Forwarded-For, so the limits
      // count per visitor as they would in production, and must not get in the way.
      RATE_LIMITS: "on",
      MAIL_WORKER: String(mailWorker),
      MAIL_POLL_SECONDS: "1",
      RUST_LOG: "info,sqlx=warn",
    });
  };
  // A is the one instance that sends email: killing it also kills the outbox's worker.
  const a = instance("a", ports.a, true);
  const b = instance("b", ports.b, false);
  children.push(a, b);
  // Both at once, as after a deploy: they race to apply the migrations.
  await Promise.all([a.start(), b.start()]);

  const conf = nginxConf(dir, ports, selfSignedCertificate(dir));
  const prefix = `${dir}/`;
  execFileSync("nginx", ["-t", "-q", "-c", conf, "-p", prefix], {
    stdio: "inherit",
  });
  const nginx = spawn(
    "nginx",
    ["-c", conf, "-p", prefix, "-g", "daemon off;"],
    {
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const nginxExited = new Promise((resolve) => nginx.once("exit", resolve));
  children.push({
    stop: async () => {
      if (nginx.exitCode === null) nginx.kill("SIGQUIT");
      await nginxExited;
    },
  });
  const proxy = {
    port: ports.https,
    agent: new https.Agent({
      keepAlive: true,
      maxSockets: inFlight + 4,
      ca: readFileSync(path.join(dir, "cert.pem")),
    }),
  };
  children.push({ stop: async () => proxy.agent.destroy() });
  await waitFor(
    "nginx",
    async () => (await call(proxy, "GET", "/readyz")).status === 200,
  );
  return { a, b, ports, proxy };
}

/** What the proxy must pass on: HTTPS only, the request id, the visitor's address. */
async function checkProxy({ ports, proxy }, vip, check) {
  const plain = await fetch(`http://127.0.0.1:${ports.http}/api/tickets`, {
    redirect: "manual",
  });
  const location = plain.headers.get("location");
  check(
    plain.status === 301 && location === "https://127.0.0.1/api/tickets",
    `plain HTTP redirects to HTTPS (${plain.status} ${location})`,
  );
  const requestId = `scale-out-${run}`;
  const traced = await call(
    proxy,
    "GET",
    "/api/get-payment-details?paymentIntentId=pi_none",
    { headers: { "X-Request-Id": requestId } },
  );
  check(
    traced.headers?.["x-request-id"] === requestId,
    `the client's X-Request-Id reaches the server (answered ${traced.headers?.["x-request-id"]})`,
  );
  // One visitor starting many checkouts: the limits must still bite per visitor.
  const statuses = [];
  for (let i = 0; i < 25; i++) {
    const answer = await call(proxy, "POST", "/api/create-payment-intent", {
      headers: { "X-Forwarded-For": "203.0.113.77" },
      body: {
        ticketType: "vip",
        amount: vip.price,
        name: "Probe Visitor",
        email: `probe${i}.${run}@example.com`,
      },
    });
    statuses.push(answer.status);
  }
  const accepted = statuses.filter((status) => status === 200).length;
  const limited = statuses.filter((status) => status === 429).length;
  check(
    limited > 0 && accepted + limited === statuses.length,
    `one visitor's 25 creates: ${accepted} accepted, ${limited} × 429 (a burst of 10 per visitor` +
      `${accepted > 10 ? " on each instance" : ""}, 20 open checkouts per visitor)`,
  );
}

/**
 * Every buyer purchases through nginx, `inFlight` at a time. A is killed a quarter of
 * the way in and restarted halfway; the last quarter starts only once nginx sends A
 * calls again, so the restarted instance takes purchases too. Then B is killed while
 * no call is on it, and the last `IDLE_KILL_BUYERS` buy one after another.
 */
async function rush({ a, b, ports, proxy }, vip, dir) {
  const everyone = Array.from({ length: buyers }, (_, index) => ({
    index,
    email: `buyer${index}.${run}@example.com`,
    // One address per buyer from 198.18.0.0/15, the block set aside for benchmarks.
    // nginx appends the script's own 127.0.0.1, which TRUSTED_PROXIES trusts, so the
    // script stands in for a load balancer in front of nginx naming each visitor. A
    // visitor connecting from an untrusted address cannot pick its address this way.
    address: `198.18.${index >> 8}.${index & 255}`,
    key: `scale-${run}-${index}`,
    quantity: 1 + (index % 3),
    retries: 0,
    unansweredCreates: 0,
    unanswered: new Set(),
  }));
  const rushing = buyers - IDLE_KILL_BUYERS;
  const timeline = {};
  let done = 0;
  let resumeLastQuarter;
  const lastQuarter = new Promise((resolve) => (resumeLastQuarter = resolve));
  let restart = Promise.resolve();
  const onBuyerDone = () => {
    done += 1;
    if (done === Math.floor(rushing / 4)) a.process.kill("SIGKILL");
    if (done === Math.floor(rushing / 2))
      restart = (async () => {
        await a.exited;
        await a.start();
        timeline.restartedAt = a.readyAt;
        // nginx tries A again after its fail_timeout; catalogue reads show when.
        await waitFor(
          "nginx sending calls to the restarted A",
          async () => {
            await call(proxy, "GET", "/api/tickets");
            return accessLog(dir).some(
              (line) =>
                line.at >= timeline.restartedAt &&
                line.upstreams.at(-1) === `127.0.0.1:${ports.a}` &&
                line.status === 200,
            );
          },
          30,
        );
        timeline.backAt = Date.now();
      })().finally(resumeLastQuarter);
  };

  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < rushing) {
        const buyer = everyone[next++];
        if (buyer.index >= Math.floor((3 * rushing) / 4)) await lastQuarter;
        await buy(proxy, buyer, vip);
        onBuyerDone();
      }
    }),
  );
  await restart;
  timeline.seconds = (performance.now() - started) / 1000;

  await b.stop("SIGKILL");
  // Long enough for nginx to see the closed connections it kept open to B.
  await sleep(500);
  timeline.bKilledAt = Date.now();
  const cutOffBefore = { ...tally.atProxy };
  for (const buyer of everyone.slice(rushing)) await buy(proxy, buyer, vip);
  timeline.idleCutOff =
    JSON.stringify(tally.atProxy) !== JSON.stringify(cutOffBefore);
  return { everyone, timeline };
}

const NOW_MILLIS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/** Orders with their tickets and receipts, stock, and payments, as the database has them. */
async function readDatabase() {
  // A's worker sends what was queued while it was down; what it had claimed when
  // it was killed waits for its lease to lapse (5 minutes).
  await waitFor(
    "the outbox",
    () =>
      psql(
        database,
        `SELECT count(*) FROM outbox WHERE status = 'queued' AND claimed_until <= ${NOW_MILLIS}`,
      )[0][0] === "0",
    30,
  ).catch(() => {});
  const orders = psql(
    database,
    `SELECT id, buyer_email, status, quantity, units_held,
            (SELECT count(*) FROM tickets t WHERE t.order_id = o.id AND t.status = 'valid'),
            (SELECT string_agg(m.status || CASE WHEN m.status = 'queued' AND m.claimed_until > ${NOW_MILLIS}
                                                THEN ' leased' ELSE '' END, ',')
               FROM outbox m WHERE m.kind = 'order_confirmation' AND m.subject_id = o.id)
       FROM orders o`,
  ).map(([id, email, status, quantity, held, tickets, receipts]) => ({
    id,
    email,
    status,
    quantity: Number(quantity),
    held: Number(held),
    tickets: Number(tickets),
    receipts: receipts || "none",
  }));
  const stock = psql(
    database,
    `SELECT s.sku, s.capacity, s.taken,
            (SELECT coalesce(sum(o.units_held), 0) FROM orders o
              WHERE o.sku = s.sku OR o.variant_sku = s.sku)
       FROM stock s`,
  ).map(([sku, capacity, taken, held]) => ({
    sku,
    capacity: Number(capacity),
    taken: Number(taken),
    held: Number(held),
  }));
  const chargedUnpaid = Number(
    psql(
      database,
      `SELECT count(*) FROM sandbox_payments p LEFT JOIN orders o ON o.payment_id = p.id
        WHERE p.status = 'succeeded' AND o.status IS DISTINCT FROM 'paid'`,
    )[0][0],
  );
  // The table exists once the server keeps the create calls' keys.
  const hasKeys =
    psql(
      database,
      "SELECT to_regclass('idempotency_keys') IS NOT NULL",
    )[0][0] === "t";
  const keptKeys = hasKeys
    ? psql(database, "SELECT count(*) FROM idempotency_keys")[0][0]
    : "no";
  return { orders, stock, chargedUnpaid, keptKeys };
}

/** The buyers' view against the database's: nothing lost, nothing doubled. */
function verify({ everyone }, { orders, stock, chargedUnpaid }, check) {
  const byEmail = new Map();
  for (const order of orders)
    byEmail.set(order.email, [...(byEmail.get(order.email) ?? []), order]);
  const result = { acknowledged: 0, paid: 0, lost: 0, doubled: 0, orphaned: 0 };
  let unexplained = 0;
  for (const buyer of everyone) {
    const own = byEmail.get(buyer.email) ?? [];
    const paid = own.filter((order) => order.status === "paid");
    result.paid += paid.length;
    if (buyer.acknowledgedOrderId) {
      result.acknowledged += 1;
      if (!paid.some((order) => order.id === buyer.acknowledgedOrderId))
        result.lost += 1;
    }
    if (paid.length > 1) result.doubled += 1;
    result.orphaned += Math.max(0, own.length - 1);
    // Each order needs a create call that reached an instance: one answered, or one
    // whose answer was lost. More orders than that would be a call applied twice.
    if (own.length > 1 + buyer.unansweredCreates) unexplained += 1;
  }
  const paidOrders = orders.filter((order) => order.status === "paid");
  const gaveUp = everyone.filter((buyer) => buyer.failedAt).length;
  const receipts = {};
  for (const order of paidOrders) count(receipts, order.receipts);

  check(gaveUp === 0, `every buyer finished: ${gaveUp} gave up`);
  check(
    Object.keys(tally.refused).length === 0,
    `no call refused: ${JSON.stringify(tally.refused)}`,
  );
  check(
    result.acknowledged === buyers && result.paid === buyers,
    `${result.acknowledged} purchases acknowledged, ${result.paid} orders paid`,
  );
  check(
    result.lost === 0,
    `${result.lost} acknowledged purchases not paid (lost)`,
  );
  check(
    result.doubled === 0,
    `${result.doubled} buyers with two paid orders (doubled)`,
  );
  check(
    unexplained === 0,
    `${unexplained} buyers with more orders than create calls that reached an instance`,
  );
  check(
    chargedUnpaid === 0,
    `${chargedUnpaid} sandbox payments succeeded for an order that is not paid`,
  );
  check(
    stock.every(
      (item) => item.taken === item.held && item.taken <= item.capacity,
    ),
    `stock counters equal the units orders hold: ${stock
      .filter((item) => item.taken > 0)
      .map((item) => `${item.sku} ${item.taken} taken, ${item.held} held`)
      .join("; ")}`,
  );
  check(
    paidOrders.every(
      (order) =>
        order.held === order.quantity && order.tickets === order.quantity,
    ) &&
      orders.every(
        (order) =>
          ["paid", "pending"].includes(order.status) || order.held === 0,
      ),
    "paid orders hold their units and have one ticket per person; closed orders hold nothing",
  );
  // The outbox's unique key allows one receipt per order, so "sent,sent" cannot occur.
  check(
    Object.keys(receipts).every((state) =>
      ["sent", "queued leased"].includes(state),
    ),
    `one receipt per paid order, sent or held by the killed worker's lease: ${JSON.stringify(receipts)}`,
  );
  result.sentReceipts = receipts.sent ?? 0;
  return result;
}

if (buyers < 4 * IDLE_KILL_BUYERS) {
  console.error(`Give at least ${4 * IDLE_KILL_BUYERS} buyers.`);
  process.exit(2);
}
if (process.getuid?.() !== 0) {
  console.error(
    "Run as root: nginx runs deploy/nginx.conf's workers as www-data.",
  );
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-scale-out-"));
const children = [];
let pass = false;
psql("postgres", `CREATE DATABASE ${database}`);
try {
  const checks = [];
  const check = (ok, text) => {
    checks.push(ok);
    console.log(`${ok ? "ok  " : "FAIL"} ${text}`);
  };
  const cluster = await startCluster(dir, children);
  const tickets = await call(cluster.proxy, "GET", "/api/tickets");
  const vip = tickets.body.find((ticket) => ticket.type === "vip");
  await checkProxy(cluster, vip, check);
  const { everyone, timeline } = await rush(cluster, vip, dir);
  const stored = await readDatabase();
  const result = verify({ everyone }, stored, check);

  const { a, b } = cluster.ports;
  const log = accessLog(dir);
  const purchasesOn = (port, from = 0) =>
    log.filter(
      (line) =>
        line.at >= from &&
        line.method === "POST" &&
        line.upstreams.at(-1) === `127.0.0.1:${port}` &&
        line.status === 200,
    ).length;
  const moved = log.filter((line) => line.upstreams.length > 1).length;
  const movedPurchases = log.filter(
    (line) =>
      line.at >= timeline.bKilledAt &&
      line.method === "POST" &&
      line.upstreams.length > 1 &&
      line.status === 200,
  ).length;
  const cutOff = Object.values(tally.atProxy).reduce((sum, n) => sum + n, 0);
  const backSeconds = (timeline.backAt - timeline.restartedAt) / 1000;
  check(
    cutOff > 0,
    `the kill cut off calls in flight: ${cutOff} answered by nginx ${JSON.stringify(tally.atProxy)}`,
  );
  check(
    purchasesOn(b) > 0 && purchasesOn(a, timeline.restartedAt) > 0,
    `both instances took purchase calls (A ${purchasesOn(a)}, ${purchasesOn(a, timeline.restartedAt)} of them ` +
      `after its restart; B ${purchasesOn(b)}); nginx sent A calls again ${backSeconds.toFixed(1)} s after it was ready`,
  );
  check(
    !timeline.idleCutOff && movedPurchases > 0,
    `B killed while idle: ${IDLE_KILL_BUYERS} purchases with ${timeline.idleCutOff ? "some" : "no"} call ` +
      `answered by nginx, ${movedPurchases} purchase calls refused by B and sent to A`,
  );
  // Files are named by the email's id: one written whose sending was not recorded
  // before the kill is written (with SMTP: delivered) again when its lease lapses.
  const written = readdirSync(path.join(dir, "a", "mail")).length;
  console.log(
    `${moved} calls moved to the other instance by nginx; ${tally.serverBusy} × 503 from a busy server; ` +
      `${result.orphaned} orders beyond one per buyer; ${written - result.sentReceipts} receipts written ` +
      `but not recorded as sent; ${stored.keptKeys} idempotency keys kept by the server; ` +
      `${(buyers / timeline.seconds).toFixed(0)} purchases/s`,
  );

  pass = checks.every(Boolean);
  const heading =
    "## Scale-out behind nginx (`node bench/scale-out.mjs [buyers] [in flight]`)";
  const file = path.join(root, "docs/benchmarks.md");
  if (!readFileSync(file, "utf8").includes(heading))
    appendFileSync(
      file,
      `\n${heading}\n\n` +
        "Two release servers on one fresh PostgreSQL database behind nginx running `deploy/nginx.conf` (only its\n" +
        "ports, paths and certificate swapped for temporary ones), with rate limits on and each buyer a distinct\n" +
        "visitor in `X-Forwarded-For`. Buyers make the full sandbox purchase over HTTPS; the instance that sends\n" +
        "email is killed with SIGKILL a quarter of the way in and restarted halfway, and a buyer whose call got no\n" +
        "answer retries it (the create with the same `Idempotency-Key`); at the end the other instance is killed\n" +
        "while idle and the last 10 buyers must not notice. The database must then show every acknowledged\n" +
        "purchase paid once, no buyer paid twice, no order without a create call to explain it, stock counters\n" +
        "equal to the units held, and one receipt per paid order.\n\n" +
        "| date | machine | load | cut off by the kill | retried | orders | result |\n" +
        "|---|---|---|---|---|---|---|\n",
    );
  const retriedBy = everyone.filter((buyer) => buyer.retries).length;
  const row =
    `| ${new Date().toISOString().slice(0, 10)} | ${cpus().length} cores | ${buyers} buyers, ${inFlight} in flight, ` +
    `2 instances (PostgreSQL), ${timeline.seconds.toFixed(1)} s | ${cutOff} calls answered by nginx ` +
    `${JSON.stringify(tally.atProxy)}, ${moved} refused calls moved to the other instance, A back ${backSeconds.toFixed(1)} s ` +
    `after restart | ${tally.retried} calls by ${retriedBy} buyers | ${result.acknowledged} acknowledged, ` +
    `${result.paid} paid, ${result.doubled} doubled, ${result.lost} lost, ${result.orphaned} orphaned reservations | ` +
    `${pass ? "pass" : "FAIL"} |\n`;
  console.log(row.trim());
  appendFileSync(file, row);
} finally {
  for (const child of children.reverse()) await child.stop();
  psql("postgres", `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  if (pass) rmSync(dir, { recursive: true, force: true });
  else console.error(`logs kept in ${dir}`);
}
process.exitCode = pass ? 0 : 1;
