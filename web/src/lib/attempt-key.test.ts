import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { AttemptKey, newAttemptKey } from './attempt-key';

const request = { ticketType: 'vip', email: 'ana@example.com' };

async function keyOf(attempt: AttemptKey, body: unknown, outcome: 'answer' | Error): Promise<string> {
  let sent = '';
  await attempt
    .send(body, (key) => {
      sent = key;
      return outcome === 'answer' ? Promise.resolve('ok') : Promise.reject(outcome);
    })
    .catch(() => undefined);
  return sent;
}

describe('AttemptKey', () => {
  it('resends the same key after a call that got no answer', async () => {
    const attempt = new AttemptKey();
    const lost = await keyOf(attempt, request, new TypeError('Failed to fetch'));
    const restarting = await keyOf(attempt, request, new ApiError(503, 'The service is temporarily unavailable.'));
    const retried = await keyOf(attempt, request, 'answer');
    expect(lost).toMatch(/^[0-9a-f]{32}$/);
    expect(restarting).toBe(lost);
    expect(retried).toBe(lost);
  });

  it('starts a new attempt after any answer', async () => {
    const attempt = new AttemptKey();
    const first = await keyOf(attempt, request, 'answer');
    const afterSuccess = await keyOf(attempt, request, new ApiError(409, 'Sorry, the VIP Pass is sold out.'));
    const afterRefusal = await keyOf(attempt, request, 'answer');
    expect(new Set([first, afterSuccess, afterRefusal]).size).toBe(3);
  });

  it('starts a new attempt when the request changes', async () => {
    const attempt = new AttemptKey();
    const lost = await keyOf(attempt, request, new TypeError('Failed to fetch'));
    const changed = await keyOf(attempt, { ...request, email: 'bea@example.com' }, 'answer');
    expect(changed).not.toBe(lost);
  });

  it('makes keys that do not repeat', () => {
    const keys = new Set(Array.from({ length: 100 }, newAttemptKey));
    expect(keys.size).toBe(100);
  });
});
