import { expect, test } from '@playwright/test';

// Node's fetch writes the whole body before it reads the answer: the server must read
// (and discard) an oversized body instead of resetting the connection, or the client
// never sees the 413 and its message.
test('a 2 MB body is read back as a JSON 413 by Node’s fetch', async ({ baseURL }) => {
  const response = await fetch(`${baseURL}/api/register-waitlist`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fullName: 'x'.repeat(2 * 1024 * 1024), email: 'ana@example.com' }),
  });

  expect(response.status).toBe(413);
  expect(await response.json()).toEqual({ message: 'The request body is too large.' });
});
