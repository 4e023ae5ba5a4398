import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The audits that do not move with the machine's load; timings are bench/site-speed.mjs's. */
export interface LighthouseResult {
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  /** The elements that moved: each one's selector and opening tag. */
  shifted: string[];
}

interface ShiftItem {
  node?: { selector?: string; snippet?: string };
}

/** One Lighthouse run (mobile preset) of `url` in Debian's Chromium, from the lockfile's Lighthouse. */
export function lighthouse(url: string): LighthouseResult {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'lighthouse-')), 'report.json');
  const bin = path.resolve(import.meta.dirname, '../../node_modules/.bin/lighthouse');
  execFileSync(
    bin,
    [
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
      // what it printed on its way out goes into the error, should it fail
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number; details?: { items?: ShiftItem[] } }>;
  };
  const score = (name: string) => Math.round(report.categories[name].score * 100);
  return {
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: report.audits['cumulative-layout-shift'].numericValue,
    shifted: (report.audits['layout-shifts'].details?.items ?? []).map(
      (item) => `${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`,
    ),
  };
}
