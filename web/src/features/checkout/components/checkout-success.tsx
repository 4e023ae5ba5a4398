import { CircleCheckIcon } from '@/components/icons';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import { StepHeading } from '@/components/ui/step-heading';

interface CheckoutSuccessProps {
  email: string;
  dateLabel: string;
  ticketName: string;
  quantity: number;
  total: number;
  reference: string | undefined;
}

export function CheckoutSuccess({ email, dateLabel, ticketName, quantity, total, reference }: CheckoutSuccessProps) {
  return (
    <Card className="mx-auto mt-8 max-w-2xl">
      <CardContent className="flex flex-col items-center gap-5 pt-10 pb-10 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-secondary/10">
          <CircleCheckIcon className="size-9 text-secondary" aria-hidden="true" />
        </span>
        <StepHeading focusOnMount className="text-3xl">
          Payment Successful!
        </StepHeading>
        <p className="max-w-prose text-muted-foreground">
          A receipt and your ticket details have been sent to{' '}
          <strong className="font-semibold wrap-anywhere text-foreground">{email}</strong>.
        </p>
        <dl className="grid w-full max-w-sm gap-2 rounded-lg border border-border bg-muted p-4 text-left text-sm">
          {reference && (
            <div className="flex justify-between gap-4">
              <dt className="text-muted-foreground">Order reference</dt>
              <dd className="font-mono font-semibold">{reference}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Ticket</dt>
            <dd className="text-right">{quantity > 1 ? `${ticketName} × ${quantity}` : ticketName}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Paid</dt>
            <dd className="font-semibold">{formatCents(total)}</dd>
          </div>
        </dl>
        <p className="font-display text-lg font-semibold">See you in Miami Beach on {dateLabel}!</p>
        <Button asChild size="lg">
          <Link to={paths.home}>Return to Homepage</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
