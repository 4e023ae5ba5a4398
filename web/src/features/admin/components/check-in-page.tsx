import { CircleCheckIcon, CircleHelpIcon, CircleXIcon, TriangleAlertIcon } from '@/components/icons';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { useCheckIn, type CheckInAnswer } from '../api/door';
import { formatTime } from './format';
import { QrScanner } from './qr-scanner';
import { Screen } from './screen';

const looks = {
  admitted: { title: 'Valid', icon: CircleCheckIcon, className: 'border-emerald-700 bg-emerald-50 text-emerald-950' },
  already_checked_in: {
    title: 'Already checked in',
    icon: TriangleAlertIcon,
    className: 'border-amber-700 bg-warning text-warning-foreground',
  },
  refunded: { title: 'Refunded', icon: CircleXIcon, className: 'border-destructive bg-red-50 text-red-950' },
  transferred: { title: 'Transferred', icon: CircleXIcon, className: 'border-destructive bg-red-50 text-red-950' },
  unknown: { title: 'Unknown code', icon: CircleHelpIcon, className: 'border-destructive bg-red-50 text-red-950' },
} as const;

/** /admin/check-in: door staff scan tickets (camera) or type codes; each ticket gets in once. */
export function CheckInPage() {
  const checkIn = useCheckIn();
  const [typed, setTyped] = useState('');
  const [latest, setLatest] = useState<CheckInAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function check(code: string) {
    if (!code.trim()) return;
    setError(null);
    checkIn.mutate(code, {
      onSuccess: (answer) => {
        setLatest(answer);
        setTyped('');
      },
      onError: (failure) => setError(failure.message),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    check(typed);
  }

  return (
    <Screen title="Check-in" description="Scan each ticket's QR code, or type its code. A ticket gets in once.">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-5">
          <QrScanner onCode={check} />
          <form aria-label="Type a ticket code" className="flex flex-wrap items-end gap-3" onSubmit={submit}>
            <div className="grid min-w-64 flex-1 gap-1.5">
              <Label htmlFor={`${id}-code`}>Ticket code</Label>
              <Input
                id={`${id}-code`}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                placeholder="TK-XXXX-XXXX-XXXX-XXXX-XXXX"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono"
              />
            </div>
            <Button type="submit" size="lg" disabled={checkIn.isPending || !typed.trim()}>
              Check in
            </Button>
          </form>
          {error && (
            <p role="alert" className="font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
        <div aria-live="assertive" aria-atomic="true">
          {latest && <Verdict answer={latest} />}
        </div>
      </div>
    </Screen>
  );
}

function Verdict({ answer }: { answer: CheckInAnswer }) {
  const look = looks[answer.result];
  const Icon = look.icon;
  return (
    <section aria-label="Check-in result" className={cn('space-y-3 rounded-xl border-4 p-6', look.className)}>
      <p className="flex items-center gap-3 text-4xl font-bold sm:text-5xl">
        <Icon className="size-12 shrink-0" aria-hidden="true" /> {look.title}
      </p>
      {answer.attendeeName && <p className="text-3xl font-semibold">{answer.attendeeName}</p>}
      {answer.ticketName && <p className="text-xl">{answer.ticketName}</p>}
      {answer.result === 'already_checked_in' && answer.checkedInAt && (
        <p className="text-xl">
          First checked in {formatTime(answer.checkedInAt)}
          {answer.checkedInBy && ` by ${answer.checkedInBy}`}.
        </p>
      )}
      <p className="text-lg">{answer.message}</p>
      {answer.code && <p className="font-mono text-sm">{answer.code}</p>}
    </section>
  );
}
