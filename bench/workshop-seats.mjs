// Workshop seats in a burst: against a fresh release server, a generated programme of 100 workshops (each in a room
// of `seats` seats) is imported, 1,000 tickets are bought (team orders, through the sandbox), and then every holder
// reserves a seat in a workshop picked at random, `concurrency` of them at a time
// (the whole burst at once with concurrency 1000). Prints the p50 and p99 of the reservations and checks
// through `GET /api/admin/sessions` that no session holds more seats than its limit, and that the seats taken add
// up to the 201 answers. The budget is a p99 under 100 ms on SQLite.
//
// Usage: node bench/workshop-seats.mjs [databases=sqlite,postgres] [seats per workshop=8] [concurrency=32]
// CONFERENCE_BIN picks the server binary (default target/release/conference); PostgreSQL is reached through
// BENCH_POSTGRES_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import {
  freePort,
  serverBinary,
  startServer,
  withSampleProgrammeOf,
} from "./lib/server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const databases = (process.argv[2] ?? "sqlite,postgres").split(",");
if (databases.some((database) => !["sqlite", "postgres"].includes(database))) {
  console.error(`databases are sqlite and postgres, not ${process.argv[2]}`);
  process.exit(2);
}
const seatsPerWorkshop = Number(process.argv[3] ?? 8);
const concurrency = Number(process.argv[4] ?? 32);
const binary = serverBinary(root);
const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const adminToken = "bench-admin-token-0123456789abcdefghijklmnopqr";
const shape = { workshops: 100, holders: 1000, days: 5, rooms: 20 };
const budgetMs = 100;

if (!existsSync(binary)) {
  console.error(
    `${binary} is missing: build the server first (cargo build --release), or set CONFERENCE_BIN`,
  );
  process.exit(2);
}

/** The shipped event file with sign-up open since its sales began, written into `dir`; its path. */
function eventFile(dir) {
  const text = readFileSync(path.join(root, "conference.toml"), "utf8").replace(
    "# signup_opens = 2026-05-01T09:00:00",
    "signup_opens = 2020-01-01T00:00:00",
  );
  const file = path.join(dir, "conference.toml");
  writeFileSync(file, withSampleProgrammeOf(root, text));
  return file;
}

/**
 * A pretalx schedule.json of 100 two-hour workshops, a year from now so that sign-up is open: 20 rooms of
 * `seatsPerWorkshop` seats, one workshop per room a day.
 */
function pretalxFile() {
  const year = new Date().getUTCFullYear() + 1;
  const rooms = Array.from({ length: shape.rooms }, (_, index) => ({
    name: `Lab ${index + 1}`,
    guid: `00000000-0000-4000-9000-${String(index + 1).padStart(12, "0")}`,
    capacity: seatsPerWorkshop,
  }));
  let number = 0;
  const days = Array.from({ length: shape.days }, (_, day) => {
    const date = `${year}-05-${String(18 + day).padStart(2, "0")}`;
    return {
      index: day + 1,
      date,
      day_start: `${date}T00:00:00-04:00`,
      day_end: `${date}T23:59:00-04:00`,
      rooms: Object.fromEntries(
        rooms.map((room) => {
          number += 1;
          return [
            room.name,
            [
              {
                guid: `00000000-0000-4000-a000-${String(number).padStart(12, "0")}`,
                code: `WS${String(number).padStart(4, "0")}`,
                id: number,
                date: `${date}T10:00:00-04:00`,
                start: "10:00",
                duration: "02:00",
                room: room.name,
                slug: `workshop-${number}`,
                url: `https://cfp.example.com/talk/WS${number}/`,
                title: `Workshop ${number}`,
                subtitle: "",
                track: null,
                type: "Workshop",
                language: "en",
                abstract: "Hands on.",
                description: "",
                recording_license: "",
                do_not_record: false,
                persons: [],
                links: [],
                attachments: [],
                answers: [],
              },
            ],
          ];
        }),
      ),
    };
  });
  return {
    $schema: "https://c3voc.de/schedule/schema.json",
    generator: { name: "pretalx", version: "2025.1.0" },
    schedule: {
      version: "1",
      base_url: "https://cfp.example.com/",
      conference: {
        acronym: "bench",
        title: "Workshop seats bench",
        start: days[0].date,
        end: days.at(-1).date,
        daysCount: shape.days,
        timeslot_duration: "00:15",
        time_zone_name: "America/New_York",
        rooms,
        tracks: [],
        days,
      },
    },
  };
}

function postgresDatabase() {
  const name = `bench_seats_${process.pid}`;
  const psql = (sql) =>
    execFileSync("psql", [postgresAdmin, "-v", "ON_ERROR_STOP=1", "-qc", sql], {
      stdio: ["ignore", "ignore", "inherit"],
    });
  psql(`DROP DATABASE IF EXISTS ${name}`);
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function call(base, method, route, { body, token, admin } = {}) {
  const headers = { "content-type": "application/json" };
  if (token) headers["x-manage-token"] = token;
  if (admin) headers.authorization = `Bearer ${adminToken}`;
  const response = await fetch(`${base}${route}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** Buys `shape.holders` team tickets; answers each ticket's id with the buyer's link that opens it. */
async function buyTickets(base, dataDir) {
  const orders = [];
  for (let left = shape.holders; left > 0;) {
    const quantity = Math.min(19, Math.max(4, left));
    const email = `team${orders.length}@bench.example`;
    const quote = await call(base, "POST", "/api/quote", {
      body: { kind: "ticket", item: "team", quantity },
    });
    const created = await call(base, "POST", "/api/create-payment-intent", {
      body: {
        ticketType: "team",
        amount: quote.json.total,
        name: "Bench Buyer",
        email,
        quantity,
      },
    });
    if (created.status !== 200)
      throw new Error(`buying failed: ${JSON.stringify(created.json)}`);
    const paid = await call(base, "POST", "/api/sandbox/confirm", {
      body: {
        clientSecret: created.json.clientSecret,
        cardNumber: "4242424242424242",
        expMonth: "12",
        expYear: "34",
        cvc: "123",
      },
    });
    if (paid.status !== 200)
      throw new Error(`paying failed: ${JSON.stringify(paid.json)}`);
    orders.push(email);
    left -= quantity;
  }
  const holders = [];
  for (const email of orders) {
    const token = await manageLink(dataDir, email);
    const page = await call(base, "GET", "/api/my-tickets", { token });
    for (const ticket of page.json.tickets)
      holders.push({ token, ticket: ticket.id });
  }
  return holders.slice(0, shape.holders);
}

/** The buyer's link from their receipt, written as an `.eml` file (no SMTP is configured). */
async function manageLink(dataDir, email) {
  const folder = path.join(dataDir, "mail");
  for (let tried = 0; tried < 600; tried++) {
    if (existsSync(folder)) {
      for (const name of readdirSync(folder)) {
        const text = readFileSync(path.join(folder, name), "utf8").replace(
          /=\r?\n/g,
          "",
        );
        if (!text.includes(`To: ${email}`)) continue;
        const found = /\/my-tickets#([A-Za-z0-9_-]+)/.exec(text);
        if (found) return found[1];
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no receipt reached ${email}`);
}

const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

async function measure(database) {
  const dir = mkdtempSync(path.join(tmpdir(), "conference-seats-"));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dir,
    CONFERENCE_FILE: eventFile(dir),
    RATE_LIMITS: "off",
    ADMIN_TOKEN: adminToken,
    RUST_LOG: "error",
  };
  delete env.DATABASE_URL;
  const postgres = database === "postgres" ? postgresDatabase() : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  let server;
  try {
    const programme = path.join(dir, "workshops.json");
    writeFileSync(programme, JSON.stringify(pretalxFile()));
    execFileSync(binary, ["programme", "import", programme, "--apply"], {
      env,
      cwd: root,
      stdio: "ignore",
    });
    server = await startServer(binary, root, env);
    const { base } = server;
    const holders = await buyTickets(base, dir);
    const listed = await call(base, "GET", "/api/admin/sessions", {
      admin: true,
    });
    const workshops = listed.json.sessions
      .filter((session) => session.signup)
      .map((session) => session.slug);
    if (workshops.length !== shape.workshops)
      throw new Error(
        `${workshops.length} sessions take sign-ups, not ${shape.workshops}`,
      );
    const timings = [];
    const statuses = {};
    const started = performance.now();
    // `concurrency` holders in flight at once, each taking the next holder as soon as it is answered: with all
    // 1,000 sent at the same instant, the figures would measure the queue, not a reservation.
    let next = 0;
    const reserveNext = async () => {
      while (next < holders.length) {
        const index = next++;
        const { token, ticket } = holders[index];
        const session = workshops[(index * 7919) % workshops.length];
        const from = performance.now();
        const answer = await call(
          base,
          "POST",
          `/api/my-tickets/${ticket}/seats`,
          { token, body: { session } },
        );
        timings.push(performance.now() - from);
        const key =
          answer.status === 409
            ? `409 ${answer.json.code}`
            : String(answer.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, reserveNext));
    const burstMs = performance.now() - started;
    const after = await call(base, "GET", "/api/admin/sessions", {
      admin: true,
    });
    const over = after.json.sessions.filter(
      (session) => session.limit !== null && session.taken > session.limit,
    );
    const taken = after.json.sessions.reduce(
      (sum, session) => sum + (session.taken ?? 0),
      0,
    );
    timings.sort((a, b) => a - b);
    return { database, timings, statuses, burstMs, over, taken };
  } finally {
    await server?.stop();
    postgres?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

let failed = false;
for (const database of databases) {
  const { timings, statuses, burstMs, over, taken } = await measure(database);
  const p50 = percentile(timings, 0.5);
  const p99 = percentile(timings, 0.99);
  const consistent = taken === (statuses["201"] ?? 0);
  console.log(
    `${database}: ${timings.length} reservations in ${Math.round(burstMs)} ms; p50 ${p50.toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms; answers ${JSON.stringify(statuses)}; seats taken ${taken}; ` +
      `sessions over their limit: ${over.length}${consistent ? "" : " (seats taken differ from the 201 answers)"}`,
  );
  failed ||=
    over.length > 0 || !consistent || (database === "sqlite" && p99 > budgetMs);
}
process.exit(failed ? 1 : 0);
