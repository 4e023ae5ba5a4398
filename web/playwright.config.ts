import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// End-to-end tests drive Debian's Chromium against the release server, which
// serves the built app (web/dist) on a fresh SQLite database.
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the main process; workers inherit it instead of making their own.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'conference-e2e-'));

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: /mobile\.spec\.ts/ },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec\.ts/ },
  ],
  webServer: {
    command: path.join(root, 'target/release/conference'),
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      BIND: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIR: path.join(root, 'web/dist'),
      CONFERENCE_FILE: path.join(root, 'conference.toml'),
      PUBLIC_URL: baseURL,
      RUST_LOG: 'warn',
    },
  },
});
