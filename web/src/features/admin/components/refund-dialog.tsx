import { useId, useState, type FormEvent } from 'react';
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

/** "12.50" → 1250; anything else is not an amount. */
function parseDollars(text: string): number | null {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

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

function RefundForm({ page, attempt, onDone }: { page: OrderPage; attempt: string; onDone: () => void }) {
  const { order, refundPolicy } = page;
  const refund = useRefundOrder(order.id);
  const byPolicy = refundPolicy.amount > 0;
  const [choice, setChoice] = useState<'policy' | 'amount'>(byPolicy ? 'policy' : 'amount');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; general?: string }>({});
  const id = useId();
  const remaining = order.amount - order.refundedAmount;
  const amount = choice === 'policy' ? refundPolicy.amount : parseDollars(amountText);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: typeof errors = {};
    if (choice === 'amount') {
      if (amount === null || amount <= 0) found.amount = 'Enter an amount in dollars, such as 25.00.';
      else if (amount > remaining) found.amount = `At most ${formatCents(remaining)} can still be refunded.`;
      if (!reason.trim()) found.reason = 'Please give a reason for refunding this amount.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || amount === null) return;
    try {
      const done = await refund.mutateAsync({
        amount: choice === 'amount' ? amount : undefined,
        reason: reason.trim(),
        idempotencyKey: attempt,
      });
      toast({
        title: 'Refunded',
        description: `${formatCents(done.refund.amount)} is on its way back to ${order.buyerName}.`,
      });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors({ amount: error.fieldErrors.amount, reason: error.fieldErrors.reason });
      } else {
        setErrors({ general: error instanceof Error ? error.message : 'The refund failed. Please try again.' });
      }
    }
  }

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

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">How much</legend>
        {byPolicy && (
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="choice" checked={choice === 'policy'} onChange={() => setChoice('policy')} />
            By the policy: {formatCents(refundPolicy.amount)}
          </label>
        )}
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="choice" checked={choice === 'amount'} onChange={() => setChoice('amount')} />
          Another amount, with a reason
        </label>
      </fieldset>

      {choice === 'amount' && (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>Amount in US dollars</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            placeholder={(remaining / 100).toFixed(2)}
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
        <Label htmlFor={`${id}-reason`}>Reason{choice === 'policy' && ' (optional)'}</Label>
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
        {refund.isPending ? 'Refunding…' : amount && amount > 0 ? `Refund ${formatCents(amount)}` : 'Refund'}
      </Button>
    </form>
  );
}
