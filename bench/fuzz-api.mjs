// Property-based fuzzing of the published API contract: schemathesis generates requests
// from /api/openapi.json, valid and malformed, and checks every answer: never a 5xx,
// always a documented status, content type and schema, and malformed input refused with
// 400/404/409/413/422. This script also reads every exchange back (schemathesis's HAR
// report) to count the requests and to check that every error answer is the JSON error
// body. The server is the release build on a fresh SQLite database, with an admin and a
// metrics token so the back office and /metrics are fuzzed too, and rate limits off so
// the requests reach the handlers instead of a 429.
//
// Usage: node bench/fuzz-api.mjs [examples per operation] [minimum requests] [--seed N] [--record]
// `make test` runs the defaults (at least 2,000 requests) with a fixed seed, so the same
// code always meets the same requests and an unrelated change cannot fail it by chance.
// Without --seed every run explores a new seed, which it prints, with any failure, to
// replay. bench/ runs a longer one, e.g. `node bench/fuzz-api.mjs 250 10000 --record`,
// which appends to docs/benchmarks.md.
import { execFileSync, spawn } from "node:child_process";
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { randomInt } from "node:crypto";
import { cpus, tmpdir } from "node:os";
import path from "node:path";

import { freePort, serverBinary, startServer } from "./lib/server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const binary = serverBinary(root);
const args = process.argv.slice(2);
const seedAt = args.indexOf("--seed");
const seed =
  seedAt >= 0 ? Number(args.splice(seedAt, 2)[1]) : randomInt(1, 2 ** 31);
if (!Number.isSafeInteger(seed) || seed < 0)
  throw new Error("--seed takes a whole number, such as --seed 20261124");
const positional = args.filter((arg) => !arg.startsWith("--"));
const record = args.includes("--record");
const examples = Number(positional[0] ?? 60);
const minimumRequests = Number(positional[1] ?? 2000);
const venv = path.join(root, ".venv-fuzz");
const TOKEN = "fuzz-token-0123456789abcdefghijklmnopqrstuvwxyz";

/** schemathesis, at the version bench/requirements-fuzz.txt pins, in a virtualenv of its own. */
function schemathesis() {
  const executable = path.join(venv, "bin", "schemathesis");
  const requirements = path.join(root, "bench", "requirements-fuzz.txt");
  const pinned = readFileSync(requirements, "utf8").match(
    /^schemathesis==(\S+)/m,
  )[1];
  const installed = existsSync(executable)
    ? execFileSync(executable, ["--version"], { encoding: "utf8" })
    : "";
  if (!installed.includes(pinned)) {
    console.log(`Installing schemathesis ${pinned} into .venv-fuzz`);
    execFileSync("python3", ["-m", "venv", venv], { stdio: "inherit" });
    execFileSync(
      path.join(venv, "bin", "pip"),
      ["install", "--quiet", "--disable-pip-version-check", "-r", requirements],
      { stdio: "inherit" },
    );
  }
  return executable;
}

async function startFuzzedServer(dir) {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dir,
    RATE_LIMITS: "off",
    ADMIN_TOKEN: TOKEN,
    // Sign-in is fuzzed too: it checks its body before the (wrong) password.
    ADMIN_PASSWORD_HASH: execFileSync(binary, ["admin", "hash-password"], {
      input: "fuzz-password-0123456789",
      encoding: "utf8",
    }).trim(),
    METRICS_TOKEN: TOKEN,
    RUST_LOG: "error",
  };
  // Always a fresh SQLite file and the sandbox, whatever the caller's environment says.
  for (const name of [
    "DATABASE_URL",
    "PUBLIC_URL",
    "SMTP_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_PUBLISHABLE_KEY",
    "STRIPE_WEBHOOK_SECRET",
  ])
    delete env[name];
  return startServer(binary, root, env);
}

/** Every exchange schemathesis made, and those that break the error format. */
function readExchanges(harFile) {
  const entries = JSON.parse(readFileSync(harFile, "utf8")).log.entries;
  const serverErrors = [];
  const badErrorBodies = [];
  for (const { request, response } of entries) {
    const where = `${request.method} ${request.url} → ${response.status}`;
    if (response.status >= 500) serverErrors.push(where);
    if (response.status < 400 || request.method === "HEAD") continue;
    // Pages a visitor opens from an email, or from a certificate's printed address, answer their errors as pages.
    if (
      /^\/(unsubscribe|resubscribe|waitlist\/confirm|waiting-list\/decline|certificates\/[^/]+)$/.test(
        new URL(request.url).pathname,
      )
    )
      continue;
    const type = response.content?.mimeType ?? "";
    let message;
    try {
      const text =
        response.content?.encoding === "base64"
          ? Buffer.from(response.content.text ?? "", "base64").toString("utf8")
          : (response.content?.text ?? "");
      message = JSON.parse(text).message;
    } catch {
      message = undefined;
    }
    if (!type.startsWith("application/json") || typeof message !== "string")
      badErrorBodies.push(`${where} (${type || "no content type"})`);
  }
  return { requests: entries.length, serverErrors, badErrorBodies };
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-fuzz-"));
const harFile = path.join(dir, "exchanges.har");
const runner = schemathesis();
const server = await startFuzzedServer(path.join(dir, "data"));
let passed = false;
try {
  const started = performance.now();
  console.log(
    `Seed ${seed} (replay with: node bench/fuzz-api.mjs ${examples} ${minimumRequests} --seed ${seed})`,
  );
  const fuzz = spawn(
    runner,
    [
      "--config-file",
      path.join(root, "bench", "schemathesis.toml"),
      "run",
      `${server.base}/api/openapi.json`,
      "--url",
      server.base,
      // Browsers send it; without it the admin sign-in refuses the request as cross-site (403).
      "--header",
      "Sec-Fetch-Site: same-origin",
      // Malformed credentials are answered 401 before a body is read; the auth check
      // (ignored_auth) covers them, so the malformed requests here carry valid ones.
      "--generation-with-security-parameters",
      "false",
      "--max-examples",
      String(examples),
      "--seed",
      String(seed),
      // Examples found by earlier runs would make this run depend on them.
      "--generation-database",
      "none",
      "--workers",
      "2",
      "--request-timeout",
      "30",
      "--no-color",
      "--report",
      "har",
      "--report-har-path",
      harFile,
      "--report-dir",
      dir,
    ],
    { stdio: "inherit", cwd: dir, env: { ...process.env, FUZZ_TOKEN: TOKEN } },
  );
  const fuzzed = await new Promise((resolve) => fuzz.once("exit", resolve));
  const seconds = (performance.now() - started) / 1000;
  const { requests, serverErrors, badErrorBodies } = readExchanges(harFile);

  const problems = [];
  if (fuzzed !== 0)
    problems.push(`schemathesis found failures (exit ${fuzzed})`);
  if (requests < minimumRequests)
    problems.push(`only ${requests} requests, fewer than ${minimumRequests}`);
  if (serverErrors.length > 0)
    problems.push(
      `${serverErrors.length} server errors: ${serverErrors.slice(0, 5).join("; ")}`,
    );
  if (badErrorBodies.length > 0)
    problems.push(
      `${badErrorBodies.length} error answers without the JSON error body: ${badErrorBodies.slice(0, 5).join("; ")}`,
    );
  passed = problems.length === 0;

  console.log(
    `\n${requests} requests in ${seconds.toFixed(1)} s: ${serverErrors.length} server errors, ` +
      `${badErrorBodies.length} error answers outside the JSON error format`,
  );
  for (const problem of problems) console.log(`FAIL: ${problem}`);
  if (!passed)
    console.log(
      `Replay this run with: node bench/fuzz-api.mjs ${examples} ${minimumRequests} --seed ${seed}`,
    );
  if (!passed) console.log(`Server log:\n${server.logs().slice(-4000)}`);

  if (record) {
    const file = path.join(root, "docs", "benchmarks.md");
    const heading =
      "## API fuzzing (`node bench/fuzz-api.mjs [examples per operation] [minimum requests] --record`)";
    if (!readFileSync(file, "utf8").includes(heading)) {
      appendFileSync(
        file,
        `\n${heading}\n\nschemathesis generates valid and malformed requests for every operation of \`/api/openapi.json\`\n` +
          "against the release server (fresh SQLite, admin and metrics tokens, rate limits off) and checks every answer:\n" +
          "no 5xx, a documented status, content type, headers and schema, malformed input refused with 400/404/409/413/422,\n" +
          "and every error answer in the JSON error format. `make test` runs the short form (at least 2,000 requests).\n\n" +
          "| date | machine | examples per operation | requests | server errors | errors outside the JSON format | time | result |\n" +
          "|---|---|---|---|---|---|---|---|\n",
      );
    }
    appendFileSync(
      file,
      `| ${new Date().toISOString().slice(0, 10)} | ${cpus().length} cores | ${examples} | ${requests} | ` +
        `${serverErrors.length} | ${badErrorBodies.length} | ${seconds.toFixed(0)} s | ${passed ? "pass" : "FAIL"} |\n`,
    );
  }
} finally {
  await server.stop();
}
// The line scripts/test.sh counts.
console.log(passed ? "1 passed, 0 failed" : "0 passed, 1 failed");
if (passed) rmSync(dir, { recursive: true, force: true });
else console.log(`Kept ${dir} (exchanges.har holds every request and answer).`);
process.exitCode = passed ? 0 : 1;
