// Starting the release server for a benchmark, on a port of its own.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

/** The server every benchmark runs: CONFERENCE_BIN, or the release build in `root`. */
export function serverBinary(root) {
  return path.resolve(
    process.env.CONFERENCE_BIN ?? path.join(root, "target/release/conference"),
  );
}

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The shipped event file (`root`/conference.toml) with ticket `type`'s limit set to `limit`,
 * written into `dir`; its path.
 */
export function eventFileWithLimit(root, dir, type, limit) {
  const blocks = readFileSync(path.join(root, "conference.toml"), "utf8").split(
    "[[tickets]]",
  );
  const ticket = blocks.findIndex((block) => block.includes(`type = "${type}"`));
  blocks[ticket] = blocks[ticket].replace(/^limit = \d+$/m, `limit = ${limit}`);
  const file = path.join(dir, "conference.toml");
  writeFileSync(file, withSampleProgrammeOf(root, blocks.join("[[tickets]]")));
  return file;
}

/**
 * An event file's text, written away from the repository, with its sample programme still found: the file names it
 * relative to itself.
 */
export function withSampleProgrammeOf(root, eventFile) {
  return eventFile.replace(
    /^sample = "(.+)"$/m,
    (_, sample) => `sample = ${JSON.stringify(path.join(root, sample))}`,
  );
}

/** CPU seconds process `pid` has used so far (Linux only), to tell a busy machine from a slow server. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
    .split(")")
    .pop()
    .trim()
    .split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Resolves once `base` answers /readyz; throws, with `logs()`, when `child` exits first or
 * `tries` polls `every` ms apart find it not ready.
 */
export async function untilReady(base, child, { tries = 200, every = 50, logs = () => "" } = {}) {
  for (let tried = 0; ; tried++) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (tried > tries || child.exitCode !== null)
      throw new Error(`the server did not start:\n${logs()}`);
    await sleep(every);
  }
}

/**
 * Starts `binary serve` in `root`; resolves once it answers /readyz, with its process and the
 * time it did.
 */
export async function startServer(binary, root, env) {
  const stderr = [];
  const child = spawn(binary, ["serve"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text) => stderr.push(text));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = `http://127.0.0.1:${env.PORT}`;
  const logs = () => stderr.join("");
  await untilReady(base, child, { logs });
  return {
    base,
    pid: child.pid,
    ready: performance.now(),
    logs,
    cpuSeconds() {
      try {
        return cpuSeconds(child.pid);
      } catch {
        return NaN;
      }
    },
    /** Resident and peak resident memory in kB (Linux). */
    memory() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      const field = (name) =>
        Number(
          new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN,
        );
      return { rss: field("VmRSS"), peak: field("VmHWM") };
    },
    /** Stops it the way a deployment does, and waits until it has gone. */
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
