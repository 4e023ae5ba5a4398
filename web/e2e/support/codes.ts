import { expect, type APIRequestContext } from '@playwright/test';
import { adminSession } from './admin';

/** What POST /api/admin/codes takes for one code (server/src/api/admin/codes.rs). */
export interface NewCode {
  code: string;
  /** Stock keeping units such as "ticket:developer"; empty: every item. */
  appliesTo: string[];
  percentOff?: number;
  amountOff?: number;
  fixedPrice?: number;
  maxUses: number;
  unlocks?: string;
}

/** A code no earlier run has made: the e2e database outlives a run. */
export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .toUpperCase()}`;
}

/**
 * Makes a code through the back office's API as an organizer's browser would: signs in with the
 * password (the session cookie stays in `request`), then creates it. The back office refuses
 * changes without this site's `Origin`.
 */
export async function createCode(request: APIRequestContext, baseURL: string, code: NewCode): Promise<void> {
  const headers = await adminSession(request, baseURL);
  const made = await request.post('/api/admin/codes', { headers, data: code });
  expect(made.ok(), await made.text()).toBe(true);
}
