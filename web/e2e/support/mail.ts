import { expect } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The body of one MIME part, decoded from quoted-printable or base64. */
function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The plain-text part of a raw email. */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (/content-type:\s*text\/plain/i.test(headers)) return decodePart(headers, part.slice(split).trim());
  }
  return '';
}

/**
 * The text of the email to `recipient` whose subject contains `subject`, from the `.eml`
 * files an e2e server writes into `dataDir` (it has no SMTP server), waiting for the outbox worker.
 */
export async function emailTo(recipient: string, subject: string, dataDir = process.env.E2E_DATA_DIR): Promise<string> {
  const folder = path.join(dataDir ?? '', 'mail');
  let found = '';
  await expect(async () => {
    const raws = readdirSync(folder)
      .filter((name) => name.endsWith('.eml'))
      .map((name) => readFileSync(path.join(folder, name), 'utf8'));
    const match = raws.find((raw) => raw.includes(recipient) && raw.includes(subject));
    expect(match, `an email to ${recipient} about ${subject}`).toBeDefined();
    found = plainText(match ?? '');
  }).toPass({ timeout: 15_000 });
  return found;
}
