import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { freshQuery } from '@/features/admin/shared/api/schemas';

export const codeKinds = ['percentOff', 'amountOff', 'fixedPrice'] as const;
export type CodeKind = (typeof codeKinds)[number];

const codeSchema = z.object({
  id: z.string(),
  code: z.string(),
  /** Stock keeping units ("ticket:developer"); empty: every item. */
  appliesTo: z.array(z.string()),
  kind: z.enum(codeKinds),
  /** A percentage, or cents. */
  value: z.int(),
  /** A use is one unit: a ticket or an item. */
  maxUses: z.int(),
  uses: z.int(),
  validFrom: z.nullable(z.int()),
  validUntil: z.nullable(z.int()),
  reserve: z.nullable(z.int()),
  reservedLeft: z.int(),
  unlocks: z.nullable(z.string()),
  /** Orders one buyer's email may place with it; null: any number. */
  ordersPerEmail: z.nullable(z.int()),
  tag: z.nullable(z.string()),
  note: z.nullable(z.string()),
  disabled: z.boolean(),
  createdAt: z.int(),
  updatedAt: z.int(),
});

export type Code = z.infer<typeof codeSchema>;

const codeItemSchema = z.object({
  sku: z.string(),
  label: z.string(),
  /** Listed and sold only with a code that unlocks it. */
  hidden: z.boolean(),
  /** Its stock limit: only an item with one can have units held for a code. */
  limit: z.nullable(z.int()),
});

export type CodeItem = z.infer<typeof codeItemSchema>;

const codeListSchema = z.object({
  codes: z.array(codeSchema),
  byTag: z.array(z.object({ tag: z.nullable(z.string()), codes: z.int(), uses: z.int() })),
  items: z.array(codeItemSchema),
});

export type CodeList = z.infer<typeof codeListSchema>;

const madeSchema = z.object({ codes: z.array(codeSchema) });

const codesKey = ['admin', 'codes'] as const;

/** Every code (or those tagged `tag`), with the uses by tag and the items a code can name. */
export function useCodes(tag: string) {
  const query = tag ? `?${new URLSearchParams({ tag }).toString()}` : '';
  return useQuery({
    queryKey: [...codesKey, 'list', tag],
    queryFn: async () => codeListSchema.parse(await api.get<unknown>(`/api/admin/codes${query}`)),
    placeholderData: (previous) => previous,
    ...freshQuery,
  });
}

export interface NewCodes {
  /** One code as given; without it, `count` generated codes starting with `prefix`. */
  code?: string;
  count?: number;
  prefix?: string;
  appliesTo: string[];
  /** At most one of the three; none is an access code, which must unlock a hidden item. */
  percentOff?: number;
  amountOff?: number;
  fixedPrice?: number;
  maxUses: number;
  /** Orders one buyer's email may place with it; null: any number; left out: one for a free code, any number otherwise. */
  ordersPerEmail?: number | null;
  /** RFC 3339. */
  validFrom?: string;
  validUntil?: string;
  /** Units of the one item in `appliesTo` held for the code's holders. */
  reserve?: number;
  unlocks?: string;
  tag?: string;
  note?: string;
}

/** What may change of a code; `null` clears a date, the tag or the note. */
export interface CodeChange {
  maxUses?: number;
  /** `null`: any number. */
  ordersPerEmail?: number | null;
  validFrom?: string | null;
  validUntil?: string | null;
  tag?: string | null;
  note?: string | null;
  /** Disabling gives the units the code holds back to the stock. */
  disabled?: boolean;
}

function useCodesChange<T, R>(name: string, change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...codesKey, name],
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesKey }),
  });
}

export function useCreateCodes() {
  return useCodesChange('create', async (request: NewCodes) =>
    madeSchema.parse(await api.post<unknown>('/api/admin/codes', request)),
  );
}

export function useChangeCode() {
  return useCodesChange('change', async ({ id, ...change }: CodeChange & { id: string }) =>
    codeSchema.parse(await api.patch<unknown>(`/api/admin/codes/${encodeURIComponent(id)}`, change)),
  );
}

/** Makes codes from a CSV file with the export's columns; all rows or none. */
export function useImportCodes() {
  return useCodesChange('import', async (csv: string) =>
    madeSchema.parse(await api.send<unknown>('POST', '/api/admin/codes/import', csv, 'text/csv')),
  );
}
