// Full ticket purchases per minute (create the payment, pay it with the sandbox's test card,
// confirm the purchase) with their p50/p99 latency, on SQLite and on PostgreSQL.
//
// The load comes from bench/loadgen, a compiled Rust generator: a Node or Python loop
// saturates its one core before the server does. Each database gets a fresh release server
// with the limits off (every buyer comes from 127.0.0.1) and the VIP Pass raised so the run never
// sells out; its email worker writes receipts to files, as a site without SMTP does. The CPU of
// the server and of PostgreSQL is taken once every purchase's receipt is written (the worker lags
// the buyers); the run fails if they are not all written within three minutes. The result is
// appended to docs/benchmarks.md.
//
// Usage: node bench/purchase-load.mjs [seconds=30] [concurrency=32] [databases=sqlite,postgres]
// CONFERENCE_BIN picks the server binary (default target/release/conference); PostgreSQL is
// reached through BENCH_POSTGRES_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";

import {
  cpuSeconds,
  eventFileWithLimit,
  freePort,
  serverBinary,
  sleep,
  startServer,
} from "./lib/server.mjs";
import { recordRow } from "./lib/benchmarks-md.mjs";

const root = path.resolve(import.meta.dirname, "..");
const seconds = Number(process.argv[2] ?? 30);
const concurrency = Number(process.argv[3] ?? 32);
const databases = (process.argv[4] ?? "sqlite,postgres").split(",");
if (databases.some((database) => !["sqlite", "postgres"].includes(database))) {
  console.error(`databases are sqlite and postgres, not ${process.argv[4]}`);
  process.exit(2);
}
const binary = serverBinary(root);
const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const manifest = path.join(root, "bench/loadgen/Cargo.toml");
const loadgen = path.join(root, "bench/loadgen/target/release/loadgen");
const ticket = "vip";
/** How long after the load the receipts of every purchase may take to be written. */
const RECEIPTS_WAIT_MS = 180_000;
const results = path.join(root, "docs/benchmarks.md");

if (!existsSync(binary)) {
  console.error(
    `${binary} is missing: build the server first (cargo build --release), or set CONFERENCE_BIN`,
  );
  process.exit(2);
}
execFileSync("cargo", ["build", "--release", "--manifest-path", manifest], {
  stdio: "inherit",
});

/** CPU seconds of every local PostgreSQL process (its backends serve the server's pool). */
function postgresCpu() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres")
        total += cpuSeconds(pid);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return total;
}

/** Busy and total CPU seconds of the whole machine since boot, from /proc/stat. */
function machineCpu() {
  const ticks = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number);
  const total = ticks.reduce((sum, tick) => sum + tick, 0);
  // Fields 4 and 5 are idle and waiting for I/O: the rest is work.
  return { busy: (total - ticks[3] - ticks[4]) / 100, total: total / 100 };
}

function psql(sql) {
  execFileSync("psql", [postgresAdmin, "-v", "ON_ERROR_STOP=1", "-qc", sql], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** A fresh PostgreSQL database for one run, and how to drop it after. */
function postgresDatabase() {
  const name = `loadgen_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** One run against a fresh database: the generator's summary plus what the database holds after. */
async function measure(database) {
  const dir = mkdtempSync(path.join(tmpdir(), "conference-load-"));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dir,
    CONFERENCE_FILE: eventFileWithLimit(root, dir, ticket, 1000000),
    RATE_LIMITS: "off",
    RUST_LOG: "error",
  };
  delete env.DATABASE_URL;
  const postgres = database === "postgres" ? postgresDatabase() : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  let server;
  try {
    server = await startServer(binary, root, env);
    const { base } = server;
    const idleFrom = machineCpu();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleTo = machineCpu();
    const busyBefore =
      (idleTo.busy - idleFrom.busy) / (idleTo.total - idleFrom.total);
    if (busyBefore > 0.2)
      console.warn(
        `warning: the machine was ${Math.round(busyBefore * 100)} % busy before the run: the figures will be low`,
      );
    const cpuBefore = server.cpuSeconds();
    const postgresBefore = postgres ? postgresCpu() : 0;
    const machineBefore = machineCpu();
    const output = execFileSync(
      loadgen,
      [
        "--base",
        base,
        "--seconds",
        String(seconds),
        "--concurrency",
        String(concurrency),
        "--ticket",
        ticket,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    const machineAfter = machineCpu();
    const machineBusy =
      (machineAfter.busy - machineBefore.busy) /
      (machineAfter.total - machineBefore.total);
    const summary = JSON.parse(output);
    // Each purchase's receipt is part of its cost, but the email worker lags the buyers: the CPU is taken once
    // every receipt is written, not when the load stops.
    const mail = path.join(dir, "mail");
    const receipts = () => (existsSync(mail) ? readdirSync(mail).length : 0);
    const receiptsWhenStopped = receipts();
    const drainBy = Date.now() + RECEIPTS_WAIT_MS;
    while (receipts() < summary.purchases && Date.now() < drainBy) await sleep(250);
    const receiptsWritten = receipts();
    const serverCpu = server.cpuSeconds() - cpuBefore;
    const databaseCpu = postgres ? postgresCpu() - postgresBefore : null;
    console.log(
      `${database}: ${receiptsWhenStopped} of ${summary.purchases} receipts written when the load stopped, ` +
        `${receiptsWritten} when the CPU was taken`,
    );
    // The generator's count of confirmed purchases must match the paid orders the database holds.
    const paid = execFileSync(binary, ["orders"], {
      env,
      cwd: root,
      encoding: "utf8",
      maxBuffer: 1 << 30,
    })
      .split("\n")
      .filter(Boolean)
      .filter((line) => JSON.parse(line).status === "paid").length;
    return { database, summary, serverCpu, databaseCpu, machineBusy, paid, receiptsWritten };
  } finally {
    await server?.stop();
    process.stderr.write(server?.logs() ?? "");
    postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const section = {
  header: `## Purchases under load (\`node bench/purchase-load.mjs [seconds] [concurrency]\`)`,
  intro:
    "Closed-loop buyers from `bench/loadgen` (Rust, hyper) each make full VIP Pass purchases back to back " +
    "(`create-payment-intent`, `sandbox/confirm` with the test card, `confirm-purchase`) against a fresh release " +
    "server per database with `RATE_LIMITS=off` and receipts written to files; p50/p99 are of the whole " +
    "three-call purchase, and the paid orders in the database must equal the purchases counted. The generator, the " +
    "server and PostgreSQL share the machine's cores, so these figures are a floor for a server with the machine to " +
    "itself; the CPU column gives the CPU seconds of the server, of PostgreSQL's processes and of the generator, and how busy the whole machine was. " +
    "The server's and PostgreSQL's are taken once every purchase's receipt is written: the email worker lags the " +
    "buyers, and rows before 2026-11-29 (day), taken when the load stopped, leave out a quarter to a half of the receipts.",
  tableHead:
    "| date | machine | database | concurrency | duration | purchases | purchases/min | p50 | p99 | " +
    "p50 / p99 per call: create · pay · confirm | CPU s: server / PostgreSQL / loadgen, machine busy | errors |\n" +
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
};

const oneDecimal = (value) => (value == null ? "–" : value.toFixed(1));
const label = { sqlite: "SQLite", postgres: "PostgreSQL" };
let failed = false;
for (const database of databases) {
  const { summary, serverCpu, databaseCpu, machineBusy, paid, receiptsWritten } =
    await measure(database);
  const call = (name) => {
    const { p50, p99 } = summary.callMs[`/api/${name}`];
    return `${oneDecimal(p50)} / ${oneDecimal(p99)}`;
  };
  const errors = summary.errors
    ? `${summary.errors}: ${JSON.stringify(summary.errorsByCall)}`
    : "0";
  const consistent = paid === summary.purchases;
  const received = receiptsWritten >= summary.purchases;
  if (!received)
    console.error(
      `${database}: only ${receiptsWritten} of ${summary.purchases} receipts were written ${RECEIPTS_WAIT_MS / 1000} s after the load`,
    );
  failed ||= summary.errors > 0 || !consistent || !received;
  const row =
    `| ${new Date().toISOString().slice(0, 10)} | ${cpus().length} cores | ${label[database]} | ` +
    `${concurrency} | ${summary.seconds} s | ${summary.purchases}${consistent ? "" : ` (but ${paid} paid in the database)`} | ` +
    `${Math.round(summary.purchasesPerMinute)} | ${oneDecimal(summary.purchaseMs.p50)} ms | ${oneDecimal(summary.purchaseMs.p99)} ms | ` +
    `${call("create-payment-intent")} · ${call("sandbox/confirm")} · ${call("confirm-purchase")} ms | ` +
    `${oneDecimal(serverCpu)} / ${oneDecimal(databaseCpu)} / ${oneDecimal(summary.generatorCpuSeconds)}, ${Math.round(machineBusy * 100)} % | ${errors} |`;
  console.log(row);
  recordRow(results, section, row);
}
process.exitCode = failed ? 1 : 0;
