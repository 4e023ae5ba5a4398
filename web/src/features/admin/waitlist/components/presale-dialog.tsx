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
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/hooks/use-toast';
import { useTickets } from '@/lib/api/get-tickets';
import { useCreatePresale, type NewPresale, type Presale } from '../api/presales';
import type { Interest } from '../api/waitlist';
import { localInputToMs, parseWhole } from '@/features/admin/shared/components/format';
import { Field } from '@/features/admin/shared/components/field';
import { InterestAreasField } from './interest-areas-field';
import { serverErrors, type FormErrors } from '@/features/admin/shared/components/server-errors';

const fields = ['item', 'deadline', 'interestAreas', 'unitsPerPerson'] as const;
type Errors = FormErrors<(typeof fields)[number]>;

/** "New presale…": priority links for the waitlist's registrations, emailed when it is made. */
export function NewPresaleDialog({ interests }: { interests: Interest[] }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);

  function made(presale: Presale) {
    setOpen(false);
    toast({
      title: 'Presale made',
      description: `${presale.recipients} priority links for ${presale.itemName} are on their way.`,
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setAttempt((current) => current + 1);
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button>New presale…</Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>New presale</DialogTitle>
          <DialogDescription>
            Everyone chosen gets an email with a personal link to buy before public sales open. The link works until the
            deadline.
          </DialogDescription>
        </DialogHeader>
        <PresaleForm key={attempt} interests={interests} onMade={made} />
      </DialogContent>
    </Dialog>
  );
}

function PresaleForm({ interests, onMade }: { interests: Interest[]; onMade: (presale: Presale) => void }) {
  const create = useCreatePresale();
  const tickets = useTickets();
  const id = useId();
  const [item, setItem] = useState('tickets');
  const [deadline, setDeadline] = useState('');
  const [interestAreas, setInterestAreas] = useState<string[]>([]);
  const [units, setUnits] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function toRequest(): { request?: NewPresale; errors: Errors } {
    const at = localInputToMs(deadline);
    const unitsPerPerson = units.trim() ? parseWhole(units) : undefined;
    const found: Errors = {};
    if (at === null) found.deadline = 'Choose when the links stop working.';
    if (unitsPerPerson === null || unitsPerPerson === 0) found.unitsPerPerson = 'A whole number from 1, or empty.';
    if (at === null || unitsPerPerson === null || unitsPerPerson === 0) return { errors: found };
    return {
      request: { item, deadline: at, interestAreas, ...(unitsPerPerson !== undefined && { unitsPerPerson }) },
      errors: found,
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { request, errors: found } = toRequest();
    setErrors(found);
    if (!request) return;
    try {
      onMade(await create.mutateAsync(request));
    } catch (error) {
      setErrors(serverErrors(error, fields));
    }
  }

  return (
    <form aria-label="New presale" className="grid gap-5" onSubmit={submit} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-item`} label="Item" error={errors.item}>
          {(control) => (
            <NativeSelect {...control} value={item} onChange={(event) => setItem(event.target.value)}>
              <option value="tickets">Every ticket</option>
              {tickets.data?.map((ticket) => (
                <option key={ticket.type} value={`ticket:${ticket.type}`}>
                  {ticket.name}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field
          id={`${id}-deadline`}
          label="Deadline"
          hint="Your own time zone; before public sales open."
          error={errors.deadline}
        >
          {(control) => (
            <Input
              {...control}
              type="datetime-local"
              value={deadline}
              onChange={(event) => setDeadline(event.target.value)}
            />
          )}
        </Field>
        <Field
          id={`${id}-units`}
          label="Units per person"
          hint="Optional: the most units one person may buy with their link."
          error={errors.unitsPerPerson}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" value={units} onChange={(event) => setUnits(event.target.value)} />
          )}
        </Field>
      </div>
      <InterestAreasField
        id={`${id}-areas`}
        interests={interests}
        chosen={interestAreas}
        onChange={setInterestAreas}
        error={errors.interestAreas}
      />
      {errors.general && (
        <p role="alert" className="font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <Button type="submit" disabled={create.isPending} className="justify-self-end">
        {create.isPending ? 'Sending…' : 'Send the presale links'}
      </Button>
    </form>
  );
}
