import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field } from '@/features/admin/shared/components/field';
import { parseWhole } from '@/features/admin/shared/components/format';
import { serverErrors, type FormErrors } from '@/features/admin/shared/components/server-errors';
import { useChangeSeats, type AdminSession } from '../api/sessions';

/** The most seats a session may have, as the server checks it. */
const MAX_SEATS = 10_000;

/**
 * A session's sign-up switch and seat limit (blank: the room's capacity). Raising the limit seats the first in line;
 * lowering it below the seats taken moves the latest reservations back to the front of the queue.
 */
export function SeatsForm({ session, onDone }: { session: AdminSession; onDone: () => void }) {
  const id = useId();
  const change = useChangeSeats(session.slug);
  const [signup, setSignup] = useState(session.signup);
  const [limit, setLimit] = useState(session.seatLimit === null ? '' : String(session.seatLimit));
  const [errors, setErrors] = useState<FormErrors<'seatLimit'>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const seatLimit = limit.trim() === '' ? null : parseWhole(limit);
    if (seatLimit === null && limit.trim() !== '') {
      setErrors({ seatLimit: 'Enter a whole number of seats, or leave it blank for the room’s capacity.' });
      return;
    }
    if (seatLimit !== null && seatLimit > MAX_SEATS) {
      setErrors({ seatLimit: `At most ${MAX_SEATS.toLocaleString('en-US')} seats.` });
      return;
    }
    setErrors({});
    change.mutate(
      { signup, seatLimit },
      { onSuccess: onDone, onError: (error) => setErrors(serverErrors(error, ['seatLimit'])) },
    );
  }

  return (
    <form aria-label={`Seats of ${session.title}`} className="grid gap-3" onSubmit={submit} noValidate>
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-signup`} checked={signup} onCheckedChange={setSignup} />
        <Label htmlFor={`${id}-signup`}>Takes sign-ups</Label>
      </div>
      <Field
        id={`${id}-limit`}
        label="Seat limit"
        hint="Blank: the room’s capacity."
        error={errors.seatLimit}
        className="max-w-40"
      >
        {(control) => (
          <Input {...control} inputMode="numeric" value={limit} onChange={(event) => setLimit(event.target.value)} />
        )}
      </Field>
      {errors.general && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={change.isPending}>
          {change.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
