import { vi } from 'vitest';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** Replaces global fetch for one test (setup.ts restores it); returns the spy to inspect calls. */
export function mockFetch(handler: Handler) {
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve().then(() => handler(String(input), init)),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function textResponse(body: string, status: number) {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain' } });
}

/** A promise the test settles by hand, to observe in-flight states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
