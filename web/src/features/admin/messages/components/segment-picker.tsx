import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import { interestAreas } from '@/features/waitlist/api/register-waitlist';
import { useMerchandise } from '@/lib/api/get-merchandise';
import { useTickets } from '@/lib/api/get-tickets';
import { useSeatSessions } from '../api/messages';
import { segmentKindLabels, segmentKinds, type SegmentDraft, type SegmentErrors } from './segment-draft';
import { Field, FieldError } from '@/features/admin/shared/components/field';
import { venueTimeLabel } from '@/features/admin/shared/components/format';

const checkedInChoices = [
  ['any', 'Any'],
  ['yes', 'Checked in'],
  ['no', 'Not checked in'],
] as const;

/** Who a message goes to: a kind of people, then that kind's options. */
export function SegmentPicker({
  draft,
  onChange,
  errors,
}: {
  draft: SegmentDraft;
  onChange: (draft: SegmentDraft) => void;
  errors: SegmentErrors;
}) {
  const id = useId();
  const update = (change: Partial<SegmentDraft>) => onChange({ ...draft, ...change });
  return (
    <div className="grid gap-4">
      <Field id={`${id}-kind`} label="Segment" error={errors.segment} className="sm:max-w-sm">
        {(control) => (
          <NativeSelect
            {...control}
            value={draft.kind}
            onChange={(event) => update({ kind: event.target.value as SegmentDraft['kind'] })}
          >
            {segmentKinds.map((kind) => (
              <option key={kind} value={kind}>
                {segmentKindLabels[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {draft.kind === 'ticket_holders' && <TicketHolderOptions id={id} draft={draft} update={update} errors={errors} />}
      {draft.kind === 'session' && (
        <SessionOption id={id} session={draft.session} onSession={(session) => update({ session })} errors={errors} />
      )}
      {draft.kind === 'merchandise_not_picked_up' && (
        <ItemOption id={id} item={draft.item} onItem={(item) => update({ item })} errors={errors} />
      )}
      {draft.kind === 'waitlist' && (
        <CheckboxGroup
          id={`${id}-areas`}
          legend="Interest areas"
          hint="None ticked: everyone who confirmed and wants updates."
          options={interestAreas.map((area) => ({ value: area.value, label: area.label }))}
          chosen={draft.interestAreas}
          onChange={(chosen) => update({ interestAreas: chosen })}
          error={errors['segment.interestAreas']}
        />
      )}
    </div>
  );
}

function TicketHolderOptions({
  id,
  draft,
  update,
  errors,
}: {
  id: string;
  draft: SegmentDraft;
  update: (change: Partial<SegmentDraft>) => void;
  errors: SegmentErrors;
}) {
  const tickets = useTickets();
  return (
    <>
      {tickets.data ? (
        <CheckboxGroup
          id={`${id}-types`}
          legend="Ticket types"
          hint="None ticked: every ticket type."
          options={tickets.data.map((ticket) => ({ value: ticket.type, label: ticket.name }))}
          chosen={draft.ticketTypes}
          onChange={(chosen) => update({ ticketTypes: chosen })}
          error={errors['segment.ticketTypes']}
        />
      ) : (
        <p className="text-sm text-muted-foreground">
          {tickets.isError ? 'The ticket types could not be loaded.' : 'Loading the ticket types…'}
        </p>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Check-in</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {checkedInChoices.map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-checked-in`}
                checked={draft.checkedIn === value}
                onChange={() => update({ checkedIn: value })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function SessionOption({
  id,
  session,
  onSession,
  errors,
}: {
  id: string;
  session: string;
  onSession: (slug: string) => void;
  errors: SegmentErrors;
}) {
  const sessions = useSeatSessions();
  return (
    <Field
      id={`${id}-session`}
      label="Session"
      hint={sessions.data?.length === 0 ? 'No session takes sign-ups yet.' : 'Everyone holding a seat in it.'}
      error={errors['segment.session'] ?? (sessions.error ? sessions.error.message : undefined)}
      className="sm:max-w-lg"
    >
      {(control) => (
        <NativeSelect
          {...control}
          value={session}
          disabled={!sessions.data}
          onChange={(event) => onSession(event.target.value)}
        >
          <option value="">{sessions.data ? 'Choose a session' : 'Loading the sessions…'}</option>
          {sessions.data?.map((choice) => (
            <option key={choice.slug} value={choice.slug}>
              {choice.title} ({venueTimeLabel(choice.start)})
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

function ItemOption({
  id,
  item,
  onItem,
  errors,
}: {
  id: string;
  item: string;
  onItem: (item: string) => void;
  errors: SegmentErrors;
}) {
  const merchandise = useMerchandise();
  return (
    <Field
      id={`${id}-item`}
      label="Item"
      hint="Buyers of paid orders not yet handed over at the pickup desk."
      error={errors['segment.item']}
      className="sm:max-w-sm"
    >
      {(control) => (
        <NativeSelect {...control} value={item} onChange={(event) => onItem(event.target.value)}>
          <option value="">Any item</option>
          {merchandise.data?.map((choice) => (
            <option key={choice.id} value={String(choice.id)}>
              {choice.name}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

function CheckboxGroup({
  id,
  legend,
  hint,
  options,
  chosen,
  onChange,
  error,
}: {
  id: string;
  legend: string;
  hint: string;
  options: { value: string; label: string }[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
  error?: string;
}) {
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <Checkbox
              checked={chosen.includes(option.value)}
              onCheckedChange={(checked) =>
                onChange(
                  options
                    .map((other) => other.value)
                    .filter((value) => (value === option.value ? checked : chosen.includes(value))),
                )
              }
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
