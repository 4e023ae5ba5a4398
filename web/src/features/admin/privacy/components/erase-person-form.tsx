import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useErasePerson, type Erased } from '../api/privacy';
import { Field } from '@/features/admin/shared/components/field';
import { serverErrors, type FormErrors } from '@/features/admin/shared/components/server-errors';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 orders, 2 tickets, 1 waitlist registration and 0 waiting-list entries". */
function erasedText({ orders, tickets, registrations, entries }: Erased): string {
  return `${count(orders, 'order', 'orders')}, ${count(tickets, 'ticket', 'tickets')}, ${count(
    registrations,
    'waitlist registration',
    'waitlist registrations',
  )} and ${count(entries, 'waiting-list entry', 'waiting-list entries')}`;
}

/** A person's request to be forgotten: their email, a confirmation, then what was erased. */
export function ErasePersonForm() {
  const id = useId();
  const erase = useErasePerson();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FormErrors<'email'>>({});
  const [done, setDone] = useState<{ email: string; erased: Erased } | null>(null);
  const person = email.trim();

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(person)) {
      setErrors({ email: 'Please enter a valid email address.' });
      return;
    }
    setErrors({});
    setConfirming(true);
  }

  function confirm() {
    erase.mutate(person, {
      onSuccess: (erased) => {
        setDone({ email: person, erased });
        setEmail('');
      },
      onError: (error) => setErrors(serverErrors(error, ['email'])),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid max-w-xl gap-4 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={ask}
      noValidate
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Erase a person’s data
      </h2>
      <p className="text-sm text-muted-foreground">
        When someone asks to be forgotten: everything about them is erased now, as it would be after the event. Their
        invoices stay; the erasure is written in the audit log.
      </p>
      <Field id={`${id}-email`} label="Their email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      {errors.general && (
        <p role="alert" className="font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={erase.isPending}>
        Erase…
      </Button>
      <div aria-live="polite">
        {done && (
          <p className="rounded-md border border-border bg-muted p-3 font-medium">
            Erased for {done.email}: {erasedText(done.erased)}.
          </p>
        )}
      </div>
      <Dialog open={confirming} onOpenChange={(open) => !erase.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Erase everything about {person}?</DialogTitle>
            <DialogDescription>
              Their names, email, phone numbers, answers, billing addresses of orders without an invoice, waitlist
              registration and waiting-list entries go now. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={erase.isPending}>
                Keep their data
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={erase.isPending} onClick={confirm}>
              {erase.isPending ? 'Erasing…' : 'Erase their data'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </form>
  );
}
