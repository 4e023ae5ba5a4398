// Crash safety: buyers race for a limited item while the release server is killed
// with SIGKILL at random moments and restarted on the same data. Afterwards the
// database must show that every purchase acknowledged to a client is paid, nothing
// is oversold, the stock counter equals the units held by pending and paid orders,
// no paid order has two receipts, and no buyer paid twice.
//
// Usage: node bench/crash-restarts.mjs [restarts] [buyers] [units]
//          [--db sqlite|postgres] [--seed N] [--record]
// Without --db (or CRASH_DB) it runs on SQLite, then on PostgreSQL (a new database
// on TEST_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test,
// dropped afterwards). The binary is CONFERENCE_BIN or target/release/conference.
// --record appends a row to docs/benchmarks.md; `make test` runs it without.
import { execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
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
const binary = serverBinary(root);
const { restarts, buyers, units, databases, seed, record } = parseArguments(
  process.argv.slice(2),
);
const adminUrl =
  process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SKU = "ticket:vip";
// A client gives up on a step whose answers it has lost for this long. A restart here
// takes well under a second, so a buyer who gives up points at a server that did not
// come back or a call that hangs.
const GIVE_UP_AFTER_MS = 60_000;

function parseArguments(args) {
  const positional = args.filter((arg, index) => {
    const flagValue = ["--db", "--seed"].includes(args[index - 1]);
    return !arg.startsWith("--") && !flagValue;
  });
  const option = (name) => {
    const index = args.indexOf(name);
    return index >= 0 ? args[index + 1] : undefined;
  };
  const db = option("--db") ?? process.env.CRASH_DB ?? "both";
  if (!["sqlite", "postgres", "both"].includes(db))
    throw new Error(`--db must be sqlite, postgres or both, not ${db}`);
  return {
    restarts: Number(positional[0] ?? 10),
    buyers: Number(positional[1] ?? 100),
    units: Number(positional[2] ?? 90),
    databases: db === "both" ? ["sqlite", "postgres"] : [db],
    seed: Number(option("--seed") ?? Math.floor(Math.random() * 2 ** 31)),
    record: args.includes("--record"),
  };
}

/** mulberry32: the run's choices (waves, quantities, kill moments) follow from --seed. */
function randomSource(start) {
  let state = start >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** The release server on one port and one database, killed and started at will. */
class Server {
  constructor(env, log) {
    this.env = env;
    this.log = log;
    this.base = `http://127.0.0.1:${env.PORT}`;
    this.kills = 0;
  }

  async start() {
    this.spawn();
    await untilReady(this.base, this.child, {
      tries: 300,
      every: 100,
      logs: () => readFileSync(this.log, "utf8").slice(-4000),
    });
  }

  spawn() {
    const log = openSync(this.log, "a");
    this.child = spawn(binary, ["serve"], {
      cwd: root,
      env: this.env,
      stdio: ["ignore", log, log],
    });
    closeSync(log);
    this.exited = new Promise((resolve) => {
      this.child.once("exit", resolve);
      this.child.once("error", resolve);
    });
  }

  async kill() {
    this.kills++;
    this.child.kill("SIGKILL");
    await this.exited;
  }
}

/** Reads and writes the run's database behind the server's back. */
function databaseClient(kind, url, file) {
  if (kind === "postgres") {
    const psql = (sql) =>
      execFileSync(
        "psql",
        ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql],
        { encoding: "utf8" },
      );
    return {
      // One statement, so one snapshot of every table.
      snapshot(queries) {
        const parts = Object.entries(queries).map(
          ([name, sql]) =>
            `'${name}', (SELECT COALESCE(json_agg(q), '[]'::json) FROM (${sql}) q)`,
        );
        return JSON.parse(
          psql(`SELECT json_build_object(${parts.join(", ")})`),
        );
      },
      execute: (sql) => psql(sql),
    };
  }
  const python = hasPythonSqlite();
  if (!python && !hasCommand("sqlite3"))
    throw new Error(
      "reading the SQLite database needs python3 (with its sqlite3 module) or the sqlite3 CLI",
    );
  return {
    snapshot(queries) {
      if (python) {
        const script = `import json, sqlite3, sys
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.row_factory = sqlite3.Row
c.execute("BEGIN")
out = {name: [dict(row) for row in c.execute(sql)] for name, sql in json.loads(sys.argv[2]).items()}
c.execute("COMMIT")
print(json.dumps(out))`;
        return JSON.parse(
          execFileSync(
            "python3",
            ["-c", script, file, JSON.stringify(queries)],
            {
              encoding: "utf8",
            },
          ),
        );
      }
      // The server is idle when this runs, so separate reads still agree.
      return Object.fromEntries(
        Object.entries(queries).map(([name, sql]) => {
          const out = execFileSync("sqlite3", ["-json", file, sql], {
            encoding: "utf8",
          }).trim();
          return [name, out ? JSON.parse(out) : []];
        }),
      );
    },
    execute(sql) {
      if (python)
        execFileSync("python3", [
          "-c",
          "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\nc.execute(sys.argv[2])\nc.commit()",
          file,
          sql,
        ]);
      else execFileSync("sqlite3", [file, sql]);
    },
  };
}

function hasCommand(name) {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function hasPythonSqlite() {
  try {
    execFileSync("python3", ["-c", "import sqlite3"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const QUERIES = {
  stock: `SELECT sku, capacity, taken FROM stock WHERE sku = '${SKU}'`,
  orders: `SELECT id, status, buyer_email, quantity, units_held, payment_id, refund_reason
           FROM orders WHERE sku = '${SKU}'`,
  receipts: `SELECT subject_id, status, claimed_until FROM outbox WHERE kind = 'order_confirmation'`,
  payments: `SELECT id, status, order_id, amount, refunded_amount FROM sandbox_payments`,
  tickets: `SELECT order_id, COUNT(*) AS valid FROM tickets WHERE status = 'valid' GROUP BY order_id`,
};

/**
 * One buyer's purchase as a careful client makes it: each step whose answer is lost
 * (connection refused or cut by the kill, 502/503/504) is sent again after a pause,
 * the create with the same Idempotency-Key, so a server that honours the key gives
 * the same order back instead of holding more stock.
 */
async function purchase(buyer, server, traffic) {
  const call = async (step, url, body, headers = {}) => {
    const giveUpAt = performance.now() + GIVE_UP_AFTER_MS;
    while (performance.now() < giveUpAt) {
      traffic.inFlight++;
      traffic.sent++;
      const sent = performance.now();
      const kills = server.kills;
      try {
        const response = await fetch(server.base + url, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(20_000),
        });
        const answer = await response.json();
        traffic.latency =
          0.8 * traffic.latency + 0.2 * (performance.now() - sent);
        if (!answerLost(response.status, answer))
          return { status: response.status, body: answer };
        traffic.lost.busy++;
      } catch (error) {
        // Sent before a kill and not refused: the kill cut it off, before or after the
        // server acted on it. Otherwise it met a closed port or a dead pooled connection.
        const refused = error.cause?.code === "ECONNREFUSED";
        if (server.kills !== kills && !refused) traffic.lost.cut[step]++;
        else traffic.lost.down++;
      } finally {
        traffic.inFlight--;
      }
      await sleep(100 + 100 * Math.random());
    }
    return { status: "lost" };
  };

  const created = await call(
    "create",
    "/api/create-payment-intent",
    {
      ticketType: "vip",
      amount: traffic.price * buyer.quantity,
      quantity: buyer.quantity,
      name: "Crash Buyer",
      email: buyer.email,
    },
    { "Idempotency-Key": buyer.key },
  );
  if (created.status === 409 && /sold out/i.test(created.body.message))
    return { outcome: "sold out" };
  if (created.status !== 200) return unexpected("create", created);
  const { clientSecret, paymentIntentId, ticketId } = created.body;
  if (buyer.leaves === "before paying")
    return { outcome: "left before paying" };

  const charged = await call("card", "/api/sandbox/confirm", {
    clientSecret,
    cardNumber: "4242424242424242",
    expMonth: "12",
    expYear: "34",
    cvc: "123",
  });
  // A retried card confirmation whose first answer was lost finds the payment done.
  const alreadyPaid =
    charged.status === 409 &&
    /already been completed/.test(charged.body.message);
  if (charged.status !== 200 && !alreadyPaid)
    return unexpected("card", charged);
  if (buyer.leaves === "after paying")
    return { outcome: "left after paying", paymentIntentId };

  const confirmed = await call("confirm", "/api/confirm-purchase", {
    paymentIntentId,
    ticketId,
    clientSecret,
  });
  if (confirmed.status === 200)
    return {
      outcome: "acknowledged",
      orderId: confirmed.body.orderId,
      paymentIntentId,
    };
  if (confirmed.status === 409 && /sold out/i.test(confirmed.body.message))
    return { outcome: "sold out after paying", paymentIntentId };
  return unexpected("confirm", confirmed);
}

/**
 * Whether the client should send the call again: the server or the database was not
 * there to take it, or (with the Idempotency-Key) the same create is still being placed.
 */
function answerLost(status, answer) {
  if ([502, 503, 504].includes(status)) return true;
  return status === 409 && /still being processed/.test(answer.message);
}

function unexpected(step, answer) {
  if (answer.status === "lost") return { outcome: "gave up", step };
  return {
    outcome: "unexpected",
    detail: `${step} answered ${answer.status}: ${answer.body?.message}`,
  };
}

/**
 * Buyers arrive in waves, one per server life; each life but the last ends with a
 * SIGKILL at a random moment into its wave, so kills land in every step of a
 * purchase and in the gaps between them (and a buyer's retries outlive a kill).
 */
async function rush(server, random) {
  const traffic = {
    inFlight: 0,
    sent: 0,
    // Milliseconds a call takes, as a moving average.
    latency: 10,
    lost: { cut: { create: 0, card: 0, confirm: 0 }, down: 0, busy: 0 },
  };
  const tickets = await fetch(`${server.base}/api/tickets`).then((r) =>
    r.json(),
  );
  traffic.price = tickets.find((ticket) => ticket.type === "vip").price;

  const waves = restarts + 1;
  const runId = `${Date.now().toString(36)}-${seed}`;
  const everyone = Array.from({ length: buyers }, (_, index) => ({
    index,
    email: `buyer${index}@example.com`,
    key: `crash-${runId}-${index}`,
    // One or two people per order, so units and orders differ.
    quantity: random() < 0.3 ? 2 : 1,
    // Some leave checkout before paying, some close the tab once the card is charged:
    // the expiry sweep must release the first and the card step alone must pay the second.
    leaves:
      random() < 0.1
        ? "before paying"
        : random() < 0.06
          ? "after paying"
          : null,
    wave: Math.min(waves - 1, Math.floor((index * waves) / buyers)),
  }));
  const purchases = [];
  let kills = 0;
  let killsInFlight = 0;
  let killsStarting = 0;
  for (let wave = 0; wave < waves; wave++) {
    const group = everyone.filter((buyer) => buyer.wave === wave);
    const sentBefore = traffic.sent;
    const arrived = purchases.length;
    let waveDone = false;
    const wavePurchases = group.map((buyer) =>
      sleep(random() * 40)
        .then(() => purchase(buyer, server, traffic))
        .then((result) => Object.assign(buyer, result)),
    );
    purchases.push(...wavePurchases);
    Promise.all(wavePurchases).then(() => (waveDone = true));
    if (wave === waves - 1) break;
    // The kill follows a randomly chosen call of the wave by up to about one call's
    // time, so it lands anywhere in the server's handling of a call (before or after
    // its commit, or while the answer is on its way) as well as between calls.
    const callsPerBuyer = arrived ? sentBefore / arrived : 3;
    const target =
      sentBefore + 1 + Math.floor(random() * group.length * callsPerBuyer);
    while (traffic.sent < target && !waveDone) await sleep(1);
    await sleep(random() * traffic.latency * 1.5);
    if (traffic.inFlight > 0) killsInFlight++;
    await server.kill();
    kills++;
    // Some calls find the port closed rather than their connection cut.
    await sleep(random() * 150);
    if (random() < 0.25) {
      // Killed again while starting: migrations, the stock sync and the first sweep
      // must survive being cut short too.
      server.spawn();
      await sleep(random() * 80);
      await server.kill();
      killsStarting++;
    }
    await server.start();
  }
  await Promise.all(purchases);
  return { everyone, kills, killsInFlight, killsStarting, lost: traffic.lost };
}

/** Every invariant of the criterion, read from the database; returns the violations. */
function check(data, everyone, { afterSweep }) {
  const violations = [];
  const orders = new Map(data.orders.map((order) => [order.id, order]));
  const [stock] = data.stock;
  if (!stock) return [`no stock row for ${SKU}`];
  const honoured = (order) => order.status === "paid" && !order.refund_reason;

  // (a) An acknowledged purchase is paid, by the payment the client made.
  for (const buyer of everyone.filter((b) => b.outcome === "acknowledged")) {
    const order = orders.get(buyer.orderId);
    if (
      !order ||
      !honoured(order) ||
      order.payment_id !== buyer.paymentIntentId
    )
      violations.push(
        `buyer ${buyer.index} was told order ${buyer.orderId} is paid, but it is ${order ? `${order.status}${order.refund_reason ? " (flagged for refund)" : ""} with payment ${order.payment_id}` : "missing"}`,
      );
  }

  // (b) Nothing oversold: paid units, and all units taken, stay within the limit.
  const paidUnits = sum(data.orders.filter(honoured), (o) => o.quantity);
  if (paidUnits > stock.capacity)
    violations.push(`oversold: ${paidUnits} units paid of ${stock.capacity}`);
  if (stock.taken > stock.capacity)
    violations.push(
      `stock taken ${stock.taken} exceeds capacity ${stock.capacity}`,
    );

  // (c) The counter equals the units pending and paid orders hold, each holding its
  // quantity; closed orders, and paid ones that could not be honoured, hold none.
  const holding = data.orders.filter(
    (o) => o.status === "pending" || honoured(o),
  );
  const held = sum(holding, (o) => o.units_held);
  if (stock.taken !== held)
    violations.push(
      `stock counter says ${stock.taken} units taken, pending and paid orders hold ${held}`,
    );
  for (const order of holding.filter((o) => o.units_held !== o.quantity))
    violations.push(
      `${order.status} order ${order.id} holds ${order.units_held} units of its ${order.quantity}`,
    );
  for (const order of data.orders.filter(
    (o) => !holding.includes(o) && o.units_held !== 0,
  ))
    violations.push(
      `${order.status} order ${order.id} still holds ${order.units_held} units`,
    );

  // (d) One receipt per paid order, queued with the payment in one transaction (so
  // none missing either), and tickets for each person on it; none for unpaid orders.
  const receipts = countBy(data.receipts, (r) => r.subject_id);
  const tickets = new Map(
    data.tickets.map((t) => [t.order_id, Number(t.valid)]),
  );
  for (const order of data.orders) {
    const count = receipts.get(order.id) ?? 0;
    if (honoured(order) && count !== 1)
      violations.push(`paid order ${order.id} has ${count} receipts`);
    if (honoured(order) && tickets.get(order.id) !== order.quantity)
      violations.push(
        `paid order ${order.id} for ${order.quantity} has ${tickets.get(order.id) ?? 0} valid tickets`,
      );
    if (["pending", "failed", "expired"].includes(order.status) && count > 0)
      violations.push(`${order.status} order ${order.id} has a receipt`);
  }

  // (e) Nobody paid twice: one attempt per buyer makes at most one charge and order.
  const charged = data.payments.filter((p) => p.status === "succeeded");
  const orderOfPayment = new Map(
    data.orders.filter((o) => o.payment_id).map((o) => [o.payment_id, o]),
  );
  const byEmail = countBy(
    charged.map((p) => orderOfPayment.get(p.id) ?? orders.get(p.order_id)),
    (order) => order?.buyer_email,
  );
  for (const [email, count] of byEmail)
    if (email && count > 1)
      violations.push(`${email} was charged ${count} times`);

  // (f) Money taken belongs to a paid order or is refunded in full. Before the sweep,
  // a charge whose confirmation was cut off by a kill may still sit on a pending
  // order: the expiry sweep finds it paid at the gateway and fulfils it.
  for (const payment of charged) {
    const order =
      orderOfPayment.get(payment.id) ?? orders.get(payment.order_id);
    const refunded = payment.refunded_amount === payment.amount;
    const awaiting = !afterSweep && order?.status === "pending";
    if (!order || (!honoured(order) && !refunded && !awaiting))
      violations.push(
        `payment ${payment.id} succeeded but its order is ${order ? order.status : "missing"}${refunded ? "" : " and it was not refunded"}`,
      );
  }
  if (afterSweep)
    for (const order of data.orders.filter((o) => o.status === "pending"))
      violations.push(
        `order ${order.id} is still pending after its reservation ran out`,
      );
  return violations;
}

const sum = (items, value) =>
  items.reduce((total, item) => total + value(item), 0);

function countBy(items, key) {
  const counts = new Map();
  for (const item of items)
    counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function describeOrders(data) {
  const counts = countBy(data.orders, (o) =>
    o.refund_reason ? `${o.status} flagged` : o.status,
  );
  return [...counts].map(([status, count]) => `${count} ${status}`).join(", ");
}

async function until(condition, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) return false;
    await sleep(200);
  }
  return true;
}

/** This run's server settings: its folder, port and event file, and the sandbox gateway. */
async function serverEnvironment(dir) {
  const webDir = path.join(dir, "web");
  mkdirSync(webDir);
  const env = {
    ...process.env,
    PORT: String(await freePort()),
    BIND: "127.0.0.1",
    DATA_DIR: dir,
    CONFERENCE_FILE: eventFileWithLimit(root, dir, "vip", units),
    // The API is all this needs; an empty app folder keeps each restart short.
    WEB_DIR: webDir,
    // Every buyer shares one address: the per-client limits would refuse most of them.
    RATE_LIMITS: "off",
    MAIL_POLL_SECONDS: "1",
    RUST_LOG: "warn,sqlx=warn",
  };
  // Whatever the caller's environment says: the sandbox, mail to files, not a live site.
  for (const name of [
    "DATABASE_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "SMTP_URL",
    "PUBLIC_URL",
    "LOG_FORMAT",
  ])
    delete env[name];
  return env;
}

function psqlAdmin(sql) {
  execFileSync("psql", ["-X", "-q", "-d", adminUrl, "-c", sql]);
}

/**
 * Recovery: every reservation left open is made to have run out (as if its 30 minutes
 * had passed) and the server is killed and started again, so its start-up expiry sweep
 * must settle each one: fulfil those paid at the gateway, cancel and release the rest.
 * That sweep is itself killed once, part-way.
 */
async function recover(server, database, random) {
  await server.kill();
  database.execute("UPDATE orders SET expires_at = 0 WHERE status = 'pending'");
  await server.start();
  await sleep(random() * 30);
  await server.kill();
  await server.start();
  let swept;
  await until(() => {
    swept = database.snapshot(QUERIES);
    return swept.orders.every((order) => order.status !== "pending");
  }, 20_000);
  return swept;
}

/** What the clients saw that a working server never makes them see. */
function clientViolations(everyone) {
  return everyone.flatMap((buyer) => {
    if (buyer.outcome === "unexpected")
      return [`buyer ${buyer.index}: ${buyer.detail}`];
    if (buyer.outcome === "gave up")
      return [
        `buyer ${buyer.index} gave up: the ${buyer.step} call went unanswered for ${GIVE_UP_AFTER_MS / 1000} s`,
      ];
    return [];
  });
}

const OUTCOMES = [
  "acknowledged",
  "left after paying",
  "left before paying",
  "sold out",
  "sold out after paying",
  "gave up",
  "unexpected",
];

/** The run in a few lines, and the cells of its benchmarks row. */
function summarize(rushed, settled, swept) {
  const outcomes = countBy(rushed.everyone, (buyer) => buyer.outcome);
  const buyersText = OUTCOMES.map(
    (outcome) => `${outcomes.get(outcome) ?? 0} ${outcome}`,
  ).join(", ");
  const { cut, down, busy } = rushed.lost;
  const retriedText =
    `${cut.create + cut.card + cut.confirm} cut off by a kill (create ${cut.create}, card ${cut.card}, ` +
    `confirm ${cut.confirm}), ${down} sent while it was down, ${busy} busy answers`;
  const acknowledged = new Set(
    rushed.everyone.map((buyer) => buyer.orderId).filter(Boolean),
  );
  const succeeded = new Set(
    settled.payments.filter((p) => p.status === "succeeded").map((p) => p.id),
  );
  const awaitingSweep = settled.orders.filter(
    (o) => o.status === "pending" && succeeded.has(o.payment_id),
  ).length;
  const paidUnheard = settled.orders.filter(
    (o) => o.status === "paid" && !acknowledged.has(o.id),
  ).length;
  // A killed mail worker's claim on a receipt stands until its lease runs out.
  const leased = settled.receipts.filter(
    (r) => r.status === "queued" && r.claimed_until > Date.now(),
  ).length;
  const [stock] = swept.stock;
  const paidUnits = sum(
    swept.orders.filter((o) => o.status === "paid" && !o.refund_reason),
    (o) => o.quantity,
  );
  const sweptText = `${describeOrders(swept)}; ${paidUnits} of ${stock?.capacity} units paid`;
  return {
    lines: [
      `${rushed.kills} kills (${rushed.killsInFlight} with calls in flight) and ${rushed.killsStarting} while starting`,
      `buyers:        ${buyersText}`,
      `calls retried: ${retriedText}`,
      `after rush:    ${describeOrders(settled)}; ${awaitingSweep} charged but pending until the sweep; ` +
        `${paidUnheard} paid without the client hearing so; ${leased} receipts held by a killed mail worker's lease`,
      `after sweep:   ${sweptText}`,
    ],
    cells: [
      `${rushed.kills} kills, ${buyers} buyers, ${units} units`,
      buyersText,
      sweptText,
      retriedText,
    ],
  };
}

async function runOn(kind) {
  const label = kind === "sqlite" ? "SQLite" : "PostgreSQL";
  const random = randomSource(seed);
  const dir = mkdtempSync(path.join(tmpdir(), "conference-crash-"));
  const env = await serverEnvironment(dir);
  const databaseName =
    kind === "postgres" &&
    `crash_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const started = performance.now();
  const violations = [];
  let server;
  let summary;
  try {
    if (databaseName) {
      psqlAdmin(`CREATE DATABASE ${databaseName}`);
      const url = new URL(adminUrl);
      url.pathname = `/${databaseName}`;
      env.DATABASE_URL = url.toString();
    }
    const database = databaseClient(
      kind,
      env.DATABASE_URL,
      path.join(dir, "conference.db"),
    );
    server = new Server(env, path.join(dir, "server.log"));
    await server.start();
    const rushed = await rush(server, random);
    // Server-side work of the last calls (an abandoned checkout's release) finishes.
    await sleep(500);
    const settled = database.snapshot(QUERIES);
    const afterRush = check(settled, rushed.everyone, { afterSweep: false });
    const swept = await recover(server, database, random);
    const afterSweep = check(swept, rushed.everyone, { afterSweep: true });
    violations.push(
      ...afterRush.map((violation) => `after the rush: ${violation}`),
      ...afterSweep.map((violation) => `after the sweep: ${violation}`),
      ...clientViolations(rushed.everyone),
    );
    summary = summarize(rushed, settled, swept);
  } catch (error) {
    violations.push(`the run failed: ${error.stack ?? error}`);
  } finally {
    if (server?.child?.exitCode === null) await server.kill();
  }
  const seconds = (performance.now() - started) / 1000;
  const pass = violations.length === 0;
  const [headline, ...details] = summary?.lines ?? ["did not finish"];
  console.log(
    `\n${label}: ${headline}, ${buyers} buyers for ${units} units (seed ${seed}), ${seconds.toFixed(1)} s`,
  );
  for (const line of details) console.log(`  ${line}`);
  for (const violation of violations) console.log(`  VIOLATION: ${violation}`);
  if (pass) {
    rmSync(dir, { recursive: true, force: true });
    try {
      if (databaseName) psqlAdmin(`DROP DATABASE ${databaseName} WITH (FORCE)`);
    } catch (error) {
      // The verdict stands; only the clean-up failed.
      console.log(`  could not drop ${databaseName}: ${error.message}`);
    }
  } else {
    console.log(`  kept for inspection: ${dir} (server.log, conference.db)`);
    if (databaseName)
      console.log(
        `  and the database ${databaseName}: psql -d ${adminUrl} -c 'DROP DATABASE ${databaseName}' when done`,
      );
    console.log(
      `  to run these choices again: node bench/crash-restarts.mjs ${restarts} ${buyers} ${units} --db ${kind} --seed ${seed}`,
    );
  }
  console.log(`  ${pass ? "pass" : "FAIL"}`);
  if (record) {
    const cells = summary?.cells ?? ["", "", "", ""];
    const result = pass ? "pass" : `FAIL (${violations.length} violations)`;
    const date = new Date().toISOString().slice(0, 10);
    recordRow(
      `| ${date} | ${cpus().length} cores | ${label} | ${cells.join(" | ")} | ${seconds.toFixed(1)} s | ${result} |`,
    );
  }
  return pass;
}

const SECTION =
  "## Crash restarts (`node bench/crash-restarts.mjs [restarts] [buyers] [units]`)";

/** Adds a row to this script's table in docs/benchmarks.md, starting the section if absent. */
function recordRow(row) {
  const file = path.join(root, "docs/benchmarks.md");
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(SECTION);
  if (start < 0) {
    appendFileSync(
      file,
      `\n${SECTION}\n\n` +
        "Buyers race for a limited VIP Pass while the release server is killed with SIGKILL at random moments\n" +
        "(a random call of each wave of buyers just sent, or the server still starting) and restarted on the same\n" +
        "database; a buyer whose call got no answer sends it again (the create with the same `Idempotency-Key`). The\n" +
        "database must then show every acknowledged purchase paid, no unit oversold, the stock counter equal to the\n" +
        "units of pending and paid orders, one receipt per paid order and no buyer charged twice: after the rush, and\n" +
        "again once every open reservation is made to run out and a restarted server's expiry sweep has settled it.\n\n" +
        "| date | machine | database | load | buyers | orders after the sweep | calls retried | time | result |\n" +
        "|---|---|---|---|---|---|---|---|---|\n" +
        `${row}\n`,
    );
    return;
  }
  const next = text.indexOf("\n## ", start + SECTION.length);
  if (next < 0) {
    appendFileSync(file, `${text.endsWith("\n") ? "" : "\n"}${row}\n`);
    return;
  }
  // A later section follows: the row goes at the end of this section's table.
  const end = next;
  const lines = text.slice(start, end).split("\n");
  const last = lines.findLastIndex((line) => line.startsWith("|"));
  lines.splice(last + 1, 0, row);
  writeFileSync(
    file,
    text.slice(0, start) + lines.join("\n") + text.slice(end),
  );
}

if (!existsSync(binary)) {
  console.error(
    `${binary} is missing: build the release server first (cargo build --release) or set CONFERENCE_BIN`,
  );
  process.exit(1);
}
let passed = 0;
for (const kind of databases) if (await runOn(kind)) passed++;
console.log(`\n${passed} passed, ${databases.length - passed} failed`);
process.exitCode = passed === databases.length ? 0 : 1;
