import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery, invoiceLinkSchema } from '@/features/admin/shared/api/schemas';

/** Days at the venue ("2026-05-01"), both included; an empty one is no bound. */
export interface InvoiceRange {
  from: string;
  to: string;
}

const ledgerEntrySchema = z.extend(invoiceLinkSchema, {
  /** The venue's day it was issued: "2026-05-18". */
  date: z.string(),
  orderId: z.string(),
  orderReference: z.string(),
  /** The company, else the buyer's name. */
  buyer: z.string(),
  buyerTaxId: z.nullable(z.string()),
  net: z.int(),
  tax: z.int(),
  /** For a credit note: the number of the invoice it credits. */
  refersTo: z.nullable(z.string()),
});

export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const ledgerSchema = z.object({
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  /** In order of issue. */
  invoices: z.array(ledgerEntrySchema),
  /** Credit notes taken off. */
  totals: z.object({
    invoices: z.int(),
    creditNotes: z.int(),
    net: z.int(),
    tax: z.int(),
    total: z.int(),
  }),
});

export type Ledger = z.infer<typeof ledgerSchema>;

/** "?from=2026-05-01&to=2026-05-31", leaving out an empty bound. */
function rangeQuery(range: InvoiceRange): string {
  const query = new URLSearchParams();
  if (range.from) query.set('from', range.from);
  if (range.to) query.set('to', range.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/** The invoices and credit notes issued in `range`, with their totals. */
export function useInvoices(range: InvoiceRange) {
  return useQuery({
    queryKey: ['admin', 'invoices', range],
    queryFn: async () => ledgerSchema.parse(await api.get<unknown>(`/api/admin/invoices${rangeQuery(range)}`)),
    placeholderData: (previous) => previous,
    ...freshQuery,
  });
}

/** The ledger of `range` as CSV, a download the session cookie opens. */
export const ledgerCsvUrl = (range: InvoiceRange) => `/api/admin/invoices/ledger.csv${rangeQuery(range)}`;

/** Every PDF of `range` in one zip. */
export const invoicePdfsUrl = (range: InvoiceRange) => `/api/admin/invoices/pdfs.zip${rangeQuery(range)}`;
