// Importing a large programme with the release binary's command (`conference programme import FILE [--apply]`):
// a pretalx schedule.json of 300 sessions by 200 speakers over 5 days and 8 rooms, into a fresh database. Times the
// preview (what it would change), the apply (300 sessions and 200 speakers added in one transaction) and the same
// file applied again (nothing to change), each as the whole command: start, connect, read, compare, write. Prints a
// markdown table; the budget is 2 s for each.
//
// Usage: node bench/programme-import.mjs [databases=sqlite,postgres]
// CONFERENCE_BIN picks the server binary (default target/release/conference); PostgreSQL is reached through
// BENCH_POSTGRES_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, and skipped when it
// does not answer.
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";

import { serverBinary, withSampleProgrammeOf } from "./lib/server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const databases = (process.argv[2] ?? "sqlite,postgres").split(",");
if (databases.some((database) => !["sqlite", "postgres"].includes(database))) {
  console.error(`databases are sqlite and postgres, not ${process.argv[2]}`);
  process.exit(2);
}
const binary = serverBinary(root);
const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/test";
const budgetMs = 2000;
const shape = { sessions: 300, speakers: 200, days: 5, rooms: 8 };

if (!existsSync(binary)) {
  console.error(
    `${binary} is missing: build the server first (cargo build --release), or set CONFERENCE_BIN`,
  );
  process.exit(2);
}

const two = (n) => String(n).padStart(2, "0");
const clock = (minutes) =>
  `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;

/**
 * A pretalx schedule.json (the c3voc format) of `shape`: each room has a 45-minute session every 75 minutes from
 * 09:00, filled day by day; every speaker gives at least one session, and every third session has a second speaker.
 */
function pretalxFile() {
  const rooms = Array.from({ length: shape.rooms }, (_, index) => ({
    name: `Room ${index + 1}`,
    guid: `00000000-0000-4000-8000-${String(index + 1).padStart(12, "0")}`,
    capacity: 100 + index * 50,
  }));
  const tracks = ["Web", "AI", "Security", "Cloud", "Data", "Mobile"].map(
    (name, index) => ({
      name,
      color: `#${(0x203040 + index * 0x1f2f3f).toString(16).slice(-6)}`,
    }),
  );
  const person = (index) => ({
    code: `SPK${String(index).padStart(4, "0")}`,
    name: `Speaker ${index}`,
    public_name: `Speaker ${index}`,
    tagline: `Engineer at Company ${index % 37}`,
    biography: `Speaker ${index} has **shipped** software for ${5 + (index % 20)} years and writes at [their blog](https://example.com/${index}).`,
    avatar: null,
  });
  const perRoomPerDay = Math.ceil(shape.sessions / (shape.days * shape.rooms));
  const days = Array.from({ length: shape.days }, (_, index) => {
    const date = `2026-05-${18 + index}`;
    return {
      index: index + 1,
      date,
      day_start: `${date}T00:00:00-04:00`,
      day_end: `${date}T23:59:00-04:00`,
      rooms: Object.fromEntries(rooms.map((room) => [room.name, []])),
    };
  });
  for (let number = 0; number < shape.sessions; number++) {
    const day = Math.floor(number / (shape.rooms * perRoomPerDay));
    const room = number % shape.rooms;
    const slot = Math.floor(number / shape.rooms) % perRoomPerDay;
    const start = 9 * 60 + slot * 75;
    const date = days[day].date;
    const persons = [person(number % shape.speakers)];
    if (number % 3 === 0) persons.push(person((number + 101) % shape.speakers));
    days[day].rooms[rooms[room].name].push({
      guid: `10000000-0000-4000-8000-${String(number + 1).padStart(12, "0")}`,
      code: `S${String(number + 1).padStart(4, "0")}`,
      id: number + 1,
      date: `${date}T${clock(start)}:00-04:00`,
      start: clock(start),
      duration: "00:45",
      room: rooms[room].name,
      slug: `bench-session-${number + 1}`,
      title: `Session ${number + 1}: building things that last`,
      subtitle: "",
      track: tracks[number % tracks.length].name,
      type: number % 10 === 0 ? "Workshop" : "Talk",
      language: "en",
      abstract: `What session ${number + 1} is about, in *two* sentences. Come early.`,
      description: `A longer description of session ${number + 1}, with a [link](https://example.com/s/${number + 1}).`,
      persons,
      links: [],
    });
  }
  return {
    schedule: {
      version: "bench-1",
      conference: {
        acronym: "bench",
        title: "Import benchmark",
        start: days[0].date,
        end: days.at(-1).date,
        daysCount: shape.days,
        timeslot_duration: "00:05",
        time_zone_name: "America/New_York",
        rooms,
        tracks,
        days,
      },
    },
  };
}

function psql(sql) {
  execFileSync("psql", [postgresAdmin, "-v", "ON_ERROR_STOP=1", "-qc", sql], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function postgresReachable() {
  try {
    psql("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/** A fresh PostgreSQL database for one run, and how to drop it after. */
function postgresDatabase() {
  const name = `programme_import_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** Runs the command with `args`; its report (the JSON it prints) and how long it took, in ms. */
function timed(env, args) {
  const started = performance.now();
  const output = execFileSync(binary, args, {
    env,
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  return { ms: performance.now() - started, report: JSON.parse(output) };
}

/** Preview, apply and apply again against a fresh, migrated database; throws when a report is not what it must be. */
function measure(database, file, dir) {
  const env = {
    ...process.env,
    DATA_DIR: path.join(dir, database),
    CONFERENCE_FILE: path.join(dir, "conference.toml"),
    RUST_LOG: "error",
  };
  delete env.DATABASE_URL;
  const postgres = database === "postgres" ? postgresDatabase() : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  try {
    // Migrated first, so that the timings are the import's and not the schema's creation.
    execFileSync(binary, ["migrate"], {
      env,
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const preview = timed(env, ["programme", "import", file]);
    const apply = timed(env, ["programme", "import", file, "--apply"]);
    const again = timed(env, ["programme", "import", file, "--apply"]);
    const expect = (what, actual, wanted) => {
      if (!isDeepStrictEqual(actual, wanted))
        throw new Error(
          `${database}: ${what} is ${JSON.stringify(actual)}, not ${JSON.stringify(wanted)}`,
        );
    };
    for (const [name, run] of [
      ["the preview", preview],
      ["the apply", apply],
    ]) {
      expect(
        `${name}'s sessions added`,
        run.report.changes.sessionsAdded,
        shape.sessions,
      );
      expect(
        `${name}'s speakers added`,
        run.report.changes.speakersAdded,
        shape.speakers,
      );
    }
    expect("the apply's version", apply.report.version, 1);
    expect("the second apply's version", again.report.version ?? null, null);
    expect("the second apply's changes", again.report.changes, {
      sessionsAdded: 0,
      sessionsChanged: 0,
      sessionsRemoved: 0,
      speakersAdded: 0,
      speakersChanged: 0,
      speakersRemoved: 0,
      moved: [],
    });
    return { preview: preview.ms, apply: apply.ms, again: again.ms };
  } finally {
    postgres?.drop();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "conference-programme-import-"));
try {
  const file = path.join(dir, "schedule.json");
  writeFileSync(file, JSON.stringify(pretalxFile()));
  writeFileSync(
    path.join(dir, "conference.toml"),
    withSampleProgrammeOf(
      root,
      readFileSync(path.join(root, "conference.toml"), "utf8"),
    ),
  );
  const label = { sqlite: "SQLite", postgres: "PostgreSQL" };
  const rows = [];
  let overBudget = false;
  for (const database of databases) {
    if (database === "postgres" && !postgresReachable()) {
      console.warn(`PostgreSQL does not answer at ${postgresAdmin}: skipped`);
      continue;
    }
    const { preview, apply, again } = measure(database, file, dir);
    overBudget ||= [preview, apply, again].some((ms) => ms > budgetMs);
    const ms = (value) => `${Math.round(value)} ms`;
    rows.push(
      `| ${new Date().toISOString().slice(0, 10)} | ${cpus().length} cores | ${label[database]} | ` +
        `${ms(preview)} | ${ms(apply)} | ${ms(again)} |`,
    );
  }
  const size = (readFileSync(file).length / 1024).toFixed(0);
  console.log(
    `Importing ${shape.sessions} sessions and ${shape.speakers} speakers over ${shape.days} days and ` +
      `${shape.rooms} rooms (pretalx JSON, ${size} KB) with \`conference programme import\`, each a whole command ` +
      `on a fresh migrated database; budget ${budgetMs} ms each.\n`,
  );
  console.log(
    "| date | machine | database | preview | apply (all added) | apply again (nothing to change) |\n" +
      "|---|---|---|---|---|---|\n" +
      rows.join("\n"),
  );
  process.exitCode = overBudget ? 1 : 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
