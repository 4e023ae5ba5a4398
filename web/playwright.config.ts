import { defineConfig, devices } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_PASSWORD } from './e2e/support/admin';
import { STRIPE_STUB_URL, STUB_PUBLISHABLE_KEY, STUB_SECRET_KEY } from './e2e/support/stripe-stub';

// End-to-end tests drive Debian's Chromium against the release server, which
// serves the built app (web/dist) on a fresh SQLite database: once with the
// sandbox gateway, and once with the Stripe gateway pointed at a stand-in for
// Stripe (e2e/support/stripe-stub.ts), for what only Stripe.js exercises.
const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 4180);
const baseURL = `http://127.0.0.1:${port}`;
const stripePort = port + 1;
const stripeBaseURL = `http://127.0.0.1:${stripePort}`;
const upcomingPort = port + 3;
const upcomingBaseURL = `http://127.0.0.1:${upcomingPort}`;
// Set once in the main process; workers inherit them instead of making their own.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'conference-e2e-')));
const stripeDataDir = (process.env.E2E_STRIPE_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'conference-e2e-stripe-')));
const upcomingDataDir = (process.env.E2E_UPCOMING_DATA_DIR ??= mkdtempSync(
  path.join(tmpdir(), 'conference-e2e-upcoming-'),
));

/**
 * The shipped event two years later: its tickets can still be named and transferred, as
 * those of the shipped edition (May 2026) no longer can.
 */
function upcomingEdition(): string {
  const file = path.join(upcomingDataDir, 'conference.toml');
  const shipped = readFileSync(path.join(root, 'conference.toml'), 'utf8');
  writeFileSync(
    file,
    shipped
      .replace(
        /^(\w+ = )(\d{4})(-\d\d-\d\d)/gm,
        (_, key: string, year: string, rest: string) => `${key}${Number(year) + 2}${rest}`,
      )
      // The sample programme is named relative to the event file, which is written elsewhere.
      .replace(/^sample = "(.+)"$/m, (_, sample: string) => `sample = ${JSON.stringify(path.join(root, sample))}`),
  );
  return file;
}
/** Both wallets, with the test credentials in e2e/fixtures/wallet (an issuer nobody else trusts). */
const walletFixtures = path.join(root, 'web/e2e/fixtures/wallet');
const walletSettings = {
  APPLE_PASS_TYPE_ID: 'pass.test.codewave.ticket',
  APPLE_TEAM_ID: 'TEST123456',
  APPLE_PASS_CERT: path.join(walletFixtures, 'pass.pem'),
  APPLE_PASS_KEY: path.join(walletFixtures, 'pass.key'),
  APPLE_WWDR_CERT: path.join(walletFixtures, 'wwdr.pem'),
  GOOGLE_WALLET_ISSUER_ID: '3388000000099999999',
  GOOGLE_WALLET_KEY: path.join(walletFixtures, 'google.json'),
};
const binary = path.join(root, 'target/release/conference');
// The back office's password, hashed by the server's own command as an organizer would.
const adminPasswordHash = (process.env.E2E_ADMIN_PASSWORD_HASH ??= execFileSync(binary, ['admin', 'hash-password'], {
  input: `${ADMIN_PASSWORD}\n`,
  encoding: 'utf8',
}).trim());

function server(serverPort: number, dataDir: string, env: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: binary,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      BIND: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIR: path.join(root, 'web/dist'),
      CONFERENCE_FILE: path.join(root, 'conference.toml'),
      PUBLIC_URL: url,
      // every test browser shares one address; the limits have their own API tests
      RATE_LIMITS: 'off',
      RUST_LOG: 'warn',
      ...env,
    },
  };
}

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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: /(mobile|stripe|tickets|sponsor-page|programme-import|questions|wallet)\.spec\.ts/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec\.ts/ },
    {
      name: 'stripe',
      use: { ...devices['Desktop Chrome'], baseURL: stripeBaseURL },
      testMatch: /stripe\.spec\.ts/,
    },
    {
      name: 'upcoming',
      use: { ...devices['Desktop Chrome'], baseURL: upcomingBaseURL },
      testMatch: /(tickets|sponsor-page|programme-import|questions|wallet)\.spec\.ts/,
    },
  ],
  globalSetup: './e2e/global-setup.ts',
  webServer: [
    server(port, dataDir, { ADMIN_PASSWORD_HASH: adminPasswordHash }),
    server(stripePort, stripeDataDir, {
      STRIPE_SECRET_KEY: STUB_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STUB_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_stub',
      STRIPE_API_BASE: STRIPE_STUB_URL,
    }),
    server(upcomingPort, upcomingDataDir, {
      ADMIN_PASSWORD_HASH: adminPasswordHash,
      CONFERENCE_FILE: upcomingEdition(),
      ...walletSettings,
    }),
  ],
});
