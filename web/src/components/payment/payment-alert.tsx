import { CircleAlertIcon } from '@/components/icons';

/** A card step's failure in words: the gateway's refusal (also in a toast) or a card form that did not load. */
export function PaymentAlert({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{message}</span>
    </p>
  );
}
