import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

/** What the sandbox card form sends (DESIGN.md §6): digit strings, so "05" keeps its zero. */
export interface SandboxCardPayment {
  clientSecret: string;
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

export const sandboxConfirmationSchema = z.object({
  status: z.literal('succeeded'),
  paymentIntentId: z.string(),
});

export type SandboxConfirmation = z.infer<typeof sandboxConfirmationSchema>;

/** Confirms a sandbox payment with a test card; a declined card rejects with a 402 ApiError. */
export async function confirmSandboxPayment(payment: SandboxCardPayment): Promise<SandboxConfirmation> {
  return sandboxConfirmationSchema.parse(await api.post<unknown>('/api/sandbox/confirm', payment));
}

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
