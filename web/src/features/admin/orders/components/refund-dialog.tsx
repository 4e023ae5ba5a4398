import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { newAttemptKey } from '@/lib/attempt-key';
import { formatCents } from '@/lib/money';
import { useRefundOrder, type OrderPage } from '../api/orders';
import type { Order } from '@/features/admin/shared/api/schemas';
import { parseDollars } from '@/features/admin/shared/components/format';

/** What cancelling does to each kind of order: the server's rule, said before the organizer chooses. */
const cancellation: Record<Order['kind'], string> = {
  ticket:
    'Whatever the amount, its tickets stop admitting anyone at the door, can no longer be named or transferred, and go back on sale.',
  merchandise: 'Whatever the amount, its items are no longer handed over at the pickup desk and go back on sale.',
  sponsorship: 'Whatever the amount, the sponsorship ends and its place goes back on sale.',
};

const goodwill: Record<Order['kind'], string> = {
  ticket: 'Gives part of the money back; the tickets stay valid at the door and can still be named or transferred.',
  merchandise: 'Gives part of the money back; the items can still be picked up.',
  sponsorship: 'Gives part of the money back; the sponsorship stands.',
};

export function RefundDialog({ page }: { page: OrderPage }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(newAttemptKey);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setAttempt(newAttemptKey());
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="destructive">Refund…</Button>
      </DialogTrigger>
      <DialogContent>
        <RefundForm key={attempt} page={page} attempt={attempt} onDone={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}

type Errors = { amount?: string; reason?: string; general?: string };

/** The server's answer beside the fields it names; a field not on screen, a conflict or an outage in general. */
function serverErrors(error: unknown, showsAmount: boolean): Errors {
  if (!(error instanceof ApiError)) {
    return { general: error instanceof Error ? error.message : 'The refund failed. Please try again.' };
  }
  const amount = showsAmount ? error.fieldErrors.amount : undefined;
  const reason = error.fieldErrors.reason;
  if (amount || reason) return { amount, reason };
  return { general: error.fieldErrors.amount ?? error.message };
}

function RefundForm({ page, attempt, onDone }: { page: OrderPage; attempt: string; onDone: () => void }) {
  const { order, refundPolicy } = page;
  const refund = useRefundOrder(order.id);
  const byPolicy = refundPolicy.amount > 0;
  const [outcome, setOutcome] = useState<'cancel' | 'goodwill'>('cancel');
  const [choice, setChoice] = useState<'policy' | 'amount'>(byPolicy ? 'policy' : 'amount');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const id = useId();
  const remaining = order.amount - order.refundedAmount;
  const cancels = outcome === 'cancel';
  const showsAmount = !cancels || choice === 'amount';
  const amount = showsAmount ? parseDollars(amountText) : refundPolicy.amount;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Errors = {};
    if (showsAmount) {
      if (amount === null || amount <= 0) found.amount = 'Enter an amount in dollars, such as 25.00.';
      else if (cancels && amount > remaining) found.amount = `At most ${formatCents(remaining)} can still be refunded.`;
      else if (!cancels && amount >= remaining) {
        found.amount = `A goodwill refund must be less than the ${formatCents(remaining)} left to refund. To give it all back, cancel the order.`;
      }
      if (!reason.trim()) found.reason = 'Please give a reason for refunding this amount.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    try {
      const done = await refund.mutateAsync({
        amount: showsAmount ? amount : undefined,
        reason: reason.trim(),
        cancel: cancels,
        idempotencyKey: attempt,
      });
      toast({
        title: 'Refunded',
        description: `${formatCents(done.refund.amount)} is on its way back to ${order.buyerName}. ${
          done.refund.cancelsOrder ? 'The order is cancelled.' : 'The order stays valid.'
        }`,
      });
      onDone();
    } catch (error) {
      setErrors(serverErrors(error, showsAmount));
    }
  }

  const money = amount && amount > 0 ? formatCents(amount) : null;
  const action = cancels
    ? `Cancel order and refund${money ? ` ${money}` : ''}`
    : `Refund${money ? ` ${money}` : ''} as goodwill`;

  return (
    <form aria-label="Refund" className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>Refund order {order.reference}</DialogTitle>
        <DialogDescription>
          {order.buyerName} paid {formatCents(order.amount)}
          {order.refundedAmount > 0 && `, of which ${formatCents(order.refundedAmount)} was refunded already`}.{' '}
          {refundPolicy.explanation}
        </DialogDescription>
      </DialogHeader>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">What happens to the order</legend>
        <Outcome
          id={`${id}-cancel`}
          name={`${id}-outcome`}
          checked={cancels}
          onChange={() => setOutcome('cancel')}
          label="Cancel the order and refund"
        >
          {cancellation[order.kind]}
        </Outcome>
        <Outcome
          id={`${id}-goodwill`}
          name={`${id}-outcome`}
          checked={!cancels}
          onChange={() => setOutcome('goodwill')}
          label="Goodwill refund: keep the order valid"
        >
          {goodwill[order.kind]} It needs an amount less than {formatCents(remaining)} and a reason.
        </Outcome>
      </fieldset>

      {cancels && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">How much</legend>
          {byPolicy && (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-choice`}
                checked={choice === 'policy'}
                onChange={() => setChoice('policy')}
              />
              By the policy: {formatCents(refundPolicy.amount)}
            </label>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-choice`}
              checked={choice === 'amount'}
              onChange={() => setChoice('amount')}
            />
            Another amount, with a reason
          </label>
        </fieldset>
      )}

      {showsAmount && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>Amount in US dollars</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            placeholder={cancels ? (remaining / 100).toFixed(2) : undefined}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
          />
          {errors.amount && (
            <p id={`${id}-amount-error`} className="text-sm font-medium text-destructive">
              {errors.amount}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-reason`}>Reason{!showsAmount && ' (optional)'}</Label>
        <Textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        />
        {errors.reason && (
          <p id={`${id}-reason-error`} className="text-sm font-medium text-destructive">
            {errors.reason}
          </p>
        )}
      </div>
      {errors.general && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <Button type="submit" variant="destructive" disabled={refund.isPending}>
        {refund.isPending ? 'Refunding…' : action}
      </Button>
    </form>
  );
}

/** One of the two outcomes: its name as the radio's label, what it does as its description. */
function Outcome({
  id,
  name,
  checked,
  onChange,
  label,
  children,
}: {
  id: string;
  name: string;
  checked: boolean;
  onChange: () => void;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="radio"
        name={name}
        className="mt-0.5"
        checked={checked}
        onChange={onChange}
        aria-describedby={`${id}-description`}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="text-muted-foreground">
          {children}
        </p>
      </div>
    </div>
  );
}
