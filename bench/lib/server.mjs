// Starting the release server for a benchmark, on a port of its own.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";

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
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (tries > 200 || child.exitCode !== null)
      throw new Error(`the server did not start:\n${stderr.join("")}`);
    await sleep(50);
  }
  return {
    base,
    ready: performance.now(),
    logs: () => stderr.join(""),
    /** CPU seconds the server has used so far (Linux only), to tell a busy machine from a slow server. */
    cpuSeconds() {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8")
          .split(") ")[1]
          .split(" ");
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return NaN;
      }
    },
    /** Stops it the way a deployment does, and waits until it has gone. */
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
