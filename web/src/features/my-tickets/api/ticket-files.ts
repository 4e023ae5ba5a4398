import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

/** A ticket's own address under the link; the link's secret goes in the header, never in the URL. */
function ticketUrl(ticketId: string, rest: string): string {
  return `/api/my-tickets/${encodeURIComponent(ticketId)}/${rest}`;
}

const manageHeader = (token: string) => ({ 'X-Manage-Token': token });

/** The ticket's signed Apple Wallet pass (a `.pkpass` file). */
export function fetchApplePass(token: string, ticketId: string): Promise<Blob> {
  return api.getBlob(ticketUrl(ticketId, 'wallet/apple'), manageHeader(token));
}

const saveLinkSchema = z.object({ url: z.string() });

/** The "Save to Google Wallet" link: opening it saves the pass. */
export async function fetchGoogleSaveLink(token: string, ticketId: string): Promise<string> {
  return saveLinkSchema.parse(await api.get<unknown>(ticketUrl(ticketId, 'wallet/google'), manageHeader(token))).url;
}

/** The certificate of attendance (a PDF); the server refuses (409) before the event ends and for a ticket never checked in. */
export function fetchCertificate(token: string, ticketId: string): Promise<Blob> {
  return api.getBlob(ticketUrl(ticketId, 'certificate.pdf'), manageHeader(token));
}
