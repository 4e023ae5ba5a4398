import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository's root. */
export const root = path.resolve(import.meta.dirname, '../../..');

/** A server a test started for itself, on its own port and database. */
export interface OwnServer {
  url: string;
  /** Its data folder: the database, and the emails it writes (`mail/`). */
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the release server as playwright.config.ts does, with the event file `conferenceFile`,
 * a fresh database and any settings in `env`, and waits until it is ready.
 */
export async function startServer(conferenceFile: string, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'conference-e2e-own-'));
  const child = spawn(path.join(root, 'target/release/conference'), [], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      BIND: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: path.join(root, 'web/dist'),
      CONFERENCE_FILE: conferenceFile,
      PUBLIC_URL: url,
      RATE_LIMITS: 'off',
      RUST_LOG: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killed);
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, dataDir, process: child, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within 60 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
