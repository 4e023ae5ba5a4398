import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Field } from '@/features/admin/shared/components/field';
import { serverErrors, type FormErrors } from '@/features/admin/shared/components/server-errors';
import { useMessageAttendees } from '../api/sessions';

const people = (n: number) => `${n} ${n === 1 ? 'attendee' : 'attendees'}`;

/** An email to every seat holder of a session ("bring a laptop with Python 3.12"), sent through the outbox. */
export function MessageForm({ slug, holders }: { slug: string; holders: number }) {
  const id = useId();
  const message = useMessageAttendees(slug);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<FormErrors<'subject' | 'body'>>({});
  const [sent, setSent] = useState<number | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: FormErrors<'subject' | 'body'> = {};
    if (!subject.trim()) missing.subject = 'Please write a subject.';
    if (!body.trim()) missing.body = 'Please write the message.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setSent(null);
    message.mutate(
      { subject: subject.trim(), body: body.trim() },
      {
        onSuccess: (recipients) => {
          setSent(recipients);
          setSubject('');
          setBody('');
        },
        onError: (error) => setErrors(serverErrors(error, ['subject', 'body'])),
      },
    );
  }

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="space-y-4 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Email attendees
      </h2>
      <p className="text-sm text-muted-foreground">
        Goes to every seat holder ({people(holders)} now), each at their ticket’s email.
      </p>
      <Field id={`${id}-subject`} label="Subject" error={errors.subject}>
        {(control) => <Input {...control} value={subject} onChange={(event) => setSubject(event.target.value)} />}
      </Field>
      <Field id={`${id}-body`} label="Message" error={errors.body}>
        {(control) => <Textarea {...control} rows={6} value={body} onChange={(event) => setBody(event.target.value)} />}
      </Field>
      {errors.general && (
        <p role="alert" className="font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <Button type="submit" disabled={message.isPending || holders === 0}>
        {message.isPending ? 'Sending…' : `Send to ${people(holders)}`}
      </Button>
      {sent !== null && (
        <p role="status" className="rounded-md border border-border bg-muted p-3 font-medium">
          Queued for {people(sent)}.
        </p>
      )}
    </form>
  );
}
