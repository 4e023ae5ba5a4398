// Idempotency keys for calls that must not happen twice (DESIGN.md's create calls, refunds).
import { ApiError } from '@/lib/api-client';

/** 128 random bits as 32 hex characters. */
export function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One `Idempotency-Key` per checkout attempt. A call that got no answer (the network
 * dropped, or the server was restarting: 502, 503, 504) is an attempt still open, so
 * pressing Pay again resends the same key and the server hands back the order it may
 * already hold instead of reserving a second one. Any answer ends the attempt, and so
 * does changing the request: the next call is a new attempt with a new key.
 */
export class AttemptKey {
  private open: { key: string; request: string } | null = null;

  async send<T>(request: unknown, call: (key: string) => Promise<T>): Promise<T> {
    const body = JSON.stringify(request);
    if (this.open?.request !== body) this.open = { key: newAttemptKey(), request: body };
    try {
      const answer = await call(this.open.key);
      this.open = null;
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) this.open = null;
      throw error;
    }
  }
}
