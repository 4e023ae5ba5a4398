// The last ticket link opened on this browser, so that a session's page can reserve a seat with it. The link
// is a secret (anyone holding it sees the ticket): it stays in this browser's storage, is sent only as the
// X-Manage-Token header, and the tickets page says it is remembered and offers to forget it.

/** The key in localStorage: the secret part of the last /my-tickets link opened here. */
export const TICKET_LINK_KEY = 'my-tickets-link';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function rememberTicketLink(token: string): void {
  try {
    storage()?.setItem(TICKET_LINK_KEY, token);
  } catch {
    // storage full or refused: the session's page will ask for the link instead
  }
}

export function rememberedTicketLink(): string | undefined {
  try {
    return storage()?.getItem(TICKET_LINK_KEY) || undefined;
  } catch {
    return undefined;
  }
}

export function forgetTicketLink(): void {
  try {
    storage()?.removeItem(TICKET_LINK_KEY);
  } catch {
    // nothing to forget where storage cannot be read
  }
}

/**
 * The secret of a link pasted from the email ("https://…/my-tickets#abc"), or the secret pasted alone;
 * undefined for text that is neither.
 */
export function tokenFromLink(text: string): string | undefined {
  const trimmed = text.trim();
  const hash = trimmed.indexOf('#');
  const token = hash >= 0 ? trimmed.slice(hash + 1) : trimmed;
  if (hash < 0 && /[/:\s]/.test(token)) return undefined;
  return /^[A-Za-z0-9_~.%-]{8,}$/.test(token) ? token : undefined;
}
