// DESIGN.md §7 and issue 32: a wallet pass signs in under 20 ms, and 1,000 badges on A4 sheets come out as one PDF
// in under 10 s.
//
// Runs the release build of server/examples/passes_and_badges.rs, which makes a test CA and a service account, signs
// 1,000 Apple Wallet passes (each a zip with its manifest and PKCS#7 signature) and 1,000 Google Wallet save links one
// after another, and draws 1,000 badges, four A6 badges to an A4 page, in one PDF. It reports each part's times and
// the process's peak resident memory during it. The pass budget is on the 99th percentile. Appends a row to
// docs/benchmarks.md; exits 1 on FAIL.
//
// Usage: node bench/passes-and-badges.mjs   (builds the example with `cargo run --release`)
import { spawnSync } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";

import { recordRow } from "./lib/benchmarks-md.mjs";

const root = path.resolve(import.meta.dirname, "..");
const PASS_P99_BUDGET_MS = 20;
const BADGES_BUDGET_S = 10;
const log = (...args) => console.log("passes-and-badges:", ...args);

log("building and running the release example (the first build takes minutes)");
const run = spawnSync(
  "cargo",
  ["run", "--release", "--locked", "--quiet", "--example", "passes_and_badges"],
  { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
);
if (run.status !== 0) {
  console.error(`passes-and-badges: the example failed (exit ${run.status})`);
  process.exit(1);
}
const result = JSON.parse(run.stdout.trim().split("\n").pop());
const { apple, google, badges } = result;
const mb = (kb) => (kb == null ? "?" : (kb / 1024).toFixed(1));

log(
  `Apple: ${result.passes} passes in ${apple.totalSeconds.toFixed(2)} s, p50 ${apple.p50Ms.toFixed(2)} ms, ` +
    `p99 ${apple.p99Ms.toFixed(2)} ms, ${result.appleBytesPerPass} bytes each, peak ${mb(apple.peakKb)} MB`,
);
log(
  `Google: ${result.passes} links in ${google.totalSeconds.toFixed(2)} s, p99 ${google.p99Ms.toFixed(2)} ms, ` +
    `peak ${mb(google.peakKb)} MB`,
);
log(
  `badges: ${badges.count} on A4 in ${badges.seconds.toFixed(2)} s, ${badges.megabytes.toFixed(1)} MB, ` +
    `peak ${mb(badges.peakKb)} MB`,
);
const pass = apple.p99Ms < PASS_P99_BUDGET_MS && google.p99Ms < PASS_P99_BUDGET_MS && badges.seconds < BADGES_BUDGET_S;
log(pass ? "pass" : "FAIL");

const date = new Date().toISOString().slice(0, 10);
const machine = `${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, load ${loadavg()[0].toFixed(1)}`;
recordRow(
  path.join(root, "docs/benchmarks.md"),
  {
    header: "## Wallet passes and badges (`node bench/passes-and-badges.mjs`)",
    intro:
      "1,000 Apple Wallet passes signed (pass.json, icons, SHA-1 manifest, PKCS#7 signature with the WWDR\n" +
      "intermediate, zipped) and 1,000 Google Wallet save links (RS256 JWT) one after another, and 1,000 badges on A4\n" +
      "sheets (four A6 badges a page, 250 pages) in one PDF, in the release build; peak resident memory of the\n" +
      "process during each part. Budgets: a pass under 20 ms (p99), the sheets' PDF under 10 s.",
    tableHead:
      "| date | machine | Apple pass p50 / p99 (1,000) | Google link p50 / p99 | 1,000 badges on A4 | result |\n" +
      "|---|---|---|---|---|---|",
  },
  `| ${date} | ${machine} ` +
    `| ${apple.p50Ms.toFixed(2)} / ${apple.p99Ms.toFixed(2)} ms (${apple.totalSeconds.toFixed(2)} s, peak ${mb(apple.peakKb)} MB) ` +
    `| ${google.p50Ms.toFixed(2)} / ${google.p99Ms.toFixed(2)} ms (peak ${mb(google.peakKb)} MB) ` +
    `| ${badges.seconds.toFixed(2)} s, ${badges.megabytes.toFixed(1)} MB (peak ${mb(badges.peakKb)} MB) ` +
    `| ${pass ? "pass" : "FAIL"} |`,
);

process.exit(pass ? 0 : 1);
