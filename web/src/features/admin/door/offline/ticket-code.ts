/** Door codes as the server reads them (server/src/tickets/codes.rs), for checking them offline. */

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const codeChars = 20;
const prefix = 'TK';

/**
 * A code as typed, scanned or pasted, in its stored form: any case, with or without the prefix,
 * dashes or spaces; O read as 0 and I or L as 1. `null` when it cannot be a code.
 */
export function normalizeCode(input: string): string | null {
  let text = input.replace(/[-\s]/g, '').toUpperCase();
  if (text.startsWith(prefix) && text.length === prefix.length + codeChars) text = text.slice(prefix.length);
  const code = text.replace(/O/g, '0').replace(/[IL]/g, '1');
  return code.length === codeChars && [...code].every((char) => alphabet.includes(char)) ? code : null;
}

/** What the check-in list knows a code by: the first 16 hex digits of the SHA-256 of its stored form. */
export async function codeDigest(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
