// DESIGN.md §7: 200 concurrent buyers for the last 10 units of an item must end
// with exactly 10 paid orders and no error other than 409 sold out.
//
// Runs the release server (build it first: `make run` or `cargo build --release`)
// on a fresh SQLite database, with the VIP Pass limited to 10, and appends the
// result to docs/benchmarks.md. Usage: node bench/last-units.mjs [buyers] [units]
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdtempSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";

import {
  eventFileWithLimit,
  freePort,
  serverBinary,
  startServer,
} from "./lib/server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const buyers = Number(process.argv[2] ?? 200);
const units = Number(process.argv[3] ?? 10);
const binary = serverBinary(root);

async function post(base, url, body) {
  const response = await fetch(base + url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-bench-"));
const port = await freePort();
// 200 buyers from one address: the per-client limits would answer most of them 429.
const env = {
  ...process.env,
  PORT: String(port),
  DATA_DIR: dir,
  CONFERENCE_FILE: eventFileWithLimit(root, dir, "vip", units),
  RATE_LIMITS: "off",
  RUST_LOG: "error",
};
// Always a fresh SQLite file in `dir`, whatever the caller's environment points at.
delete env.DATABASE_URL;
const server = await startServer(binary, root, env);
const { base } = server;
try {
  const started = performance.now();
  const created = await Promise.all(
    Array.from({ length: buyers }, (_, buyer) =>
      post(base, "/api/create-payment-intent", {
        ticketType: "vip",
        amount: 129900,
        name: "Racing Buyer",
        email: `buyer${buyer}@example.com`,
      }),
    ),
  );
  const createSeconds = (performance.now() - started) / 1000;
  const statuses = {};
  for (const { status } of created)
    statuses[status] = (statuses[status] ?? 0) + 1;

  const reserved = created.filter(({ status }) => status === 200);
  await Promise.all(
    reserved.map(async ({ body }) => {
      const card = {
        clientSecret: body.clientSecret,
        cardNumber: "4242424242424242",
        expMonth: "12",
        expYear: "34",
        cvc: "123",
      };
      await post(base, "/api/sandbox/confirm", card);
      await post(base, "/api/confirm-purchase", {
        paymentIntentId: body.paymentIntentId,
        ticketId: body.ticketId,
      });
    }),
  );
  const orders = execFileSync(binary, ["orders"], { env, encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const paid = orders.filter((order) => order.status === "paid").length;
  const otherErrors = Object.entries(statuses).filter(
    ([status]) => status !== "200" && status !== "409",
  );
  const pass =
    paid === units && statuses["200"] === units && otherErrors.length === 0;

  const summary =
    `| ${new Date().toISOString().slice(0, 10)} | ${cpus().length} cores | ${buyers} buyers, ${units} units (SQLite) | ` +
    `${statuses["200"] ?? 0} reserved, ${statuses["409"] ?? 0} × 409, other: ${JSON.stringify(Object.fromEntries(otherErrors))} | ` +
    `${paid} paid | ${createSeconds.toFixed(2)} s for all creates | ${pass ? "pass" : "FAIL"} |\n`;
  console.log(summary.trim());
  appendFileSync(path.join(root, "docs/benchmarks.md"), summary);
  process.exitCode = pass ? 0 : 1;
} finally {
  await server.stop();
}
