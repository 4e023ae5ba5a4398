import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  usePreviewMessage,
  useSendMessage,
  type CreatedMessage,
  type MessageDraft,
  type MessagePreview,
} from '../api/messages';
import { blankSegment, segmentFields, segmentOf, type SegmentDraft, type SegmentErrors } from './segment-draft';
import { SegmentPicker } from './segment-picker';
import { Field } from '@/features/admin/shared/components/field';
import { formatTime, localInputToMs, localInputToRfc3339 } from '@/features/admin/shared/components/format';
import { serverErrors, type FormErrors } from '@/features/admin/shared/components/server-errors';

type Action = 'preview' | 'test' | 'now' | 'schedule';
type ComposerField = 'subject' | 'body' | 'sendAt' | (typeof segmentFields)[number];
type Errors = FormErrors<ComposerField>;

const fields: ComposerField[] = ['subject', 'body', 'sendAt', ...segmentFields];

const people = (count: number) => `${count} ${count === 1 ? 'recipient' : 'recipients'}`;
const length = (text: string) => [...text].length;

/** The composer's own checks, as the server makes them, before anything is sent. */
function check(action: Action, draft: MessageDraft, segment: SegmentDraft, sendAt: string): Errors {
  const errors: Errors = {};
  if (!draft.subject) errors.subject = 'Please write a subject.';
  else if (length(draft.subject) > 150) errors.subject = 'The subject may have at most 150 characters.';
  if (!draft.body.trim()) errors.body = 'Please write the message.';
  else if (length(draft.body) > 20_000) errors.body = 'The message may have at most 20,000 characters.';
  if (segment.kind === 'session' && !segment.session) errors['segment.session'] = 'Choose a session.';
  if (action === 'schedule') {
    const at = localInputToMs(sendAt);
    if (at === null) errors.sendAt = 'Choose when to send it.';
    else if (at <= Date.now()) errors.sendAt = 'Choose a time in the future.';
  }
  return errors;
}

function outcomeText(created: CreatedMessage, subject: string, sendAt: string): string {
  if (created.status === 'test') return `Test sent to you: look for “${subject}” in your inbox.`;
  if (created.status === 'scheduled') {
    return `Scheduled for ${formatTime(localInputToMs(sendAt))}, to ${people(created.recipients)} as of now.`;
  }
  return `Sending to ${people(created.recipients)}. Its delivery shows in the list below.`;
}

/**
 * A message to a segment: who, the subject and the Markdown body; a preview of the count and the
 * email, a test to oneself, then now or at a time.
 */
export function MessageComposer() {
  const id = useId();
  const preview = usePreviewMessage();
  const send = useSendMessage();
  const [segment, setSegment] = useState<SegmentDraft>(blankSegment);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [sendAt, setSendAt] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [outcome, setOutcome] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<{ of: string; preview: MessagePreview } | null>(null);

  const draft: MessageDraft = { segment: segmentOf(segment), subject: subject.trim(), body };
  // a preview shows only while the draft is the one it was made for
  const draftKey = JSON.stringify(draft);
  const busy = preview.isPending || send.isPending;

  async function run(action: Action) {
    const found = check(action, draft, segment, sendAt);
    setErrors(found);
    setOutcome(null);
    if (Object.keys(found).length > 0) return;
    try {
      if (action === 'preview') {
        setPreviewed({ of: draftKey, preview: await preview.mutateAsync(draft) });
        return;
      }
      const created = await send.mutateAsync({
        ...draft,
        ...(action === 'test' && { test: true }),
        ...(action === 'schedule' && { sendAt: localInputToRfc3339(sendAt) }),
      });
      setOutcome(outcomeText(created, draft.subject, sendAt));
      if (action !== 'test') {
        setSubject('');
        setBody('');
        setSendAt('');
        setPreviewed(null);
      }
    } catch (error) {
      setErrors(serverErrors(error, fields));
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Enter in a field previews: sending is always a button of its own
    void run('preview');
  }

  const shown = previewed?.of === draftKey ? previewed.preview : null;

  return (
    <form
      aria-labelledby={`${id}-title`}
      className="grid gap-5 rounded-lg border border-border bg-card p-4 sm:p-6"
      onSubmit={submit}
      noValidate
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        New message
      </h2>
      <SegmentPicker draft={segment} onChange={setSegment} errors={errors as SegmentErrors} />
      <Field id={`${id}-subject`} label="Subject" error={errors.subject}>
        {(control) => (
          <Input {...control} value={subject} maxLength={150} onChange={(event) => setSubject(event.target.value)} />
        )}
      </Field>
      <Field
        id={`${id}-body`}
        label="Message"
        hint="Markdown: **bold**, _italic_, [a link](https://…), lists with -. Sent in the site’s email layout."
        error={errors.body}
      >
        {(control) => (
          <Textarea {...control} rows={10} value={body} onChange={(event) => setBody(event.target.value)} />
        )}
      </Field>
      <Field
        id={`${id}-send-at`}
        label="Send at"
        hint="For Schedule only, in your own time zone."
        error={errors.sendAt}
        className="sm:max-w-xs"
      >
        {(control) => (
          <Input
            {...control}
            type="datetime-local"
            value={sendAt}
            onChange={(event) => setSendAt(event.target.value)}
          />
        )}
      </Field>
      {errors.general && (
        <p role="alert" className="font-medium text-destructive">
          {errors.general}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={busy}>
          Preview
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => void run('test')}>
          Send a test to me
        </Button>
        <Button type="button" disabled={busy} onClick={() => void run('now')}>
          Send now
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={() => void run('schedule')}>
          Schedule
        </Button>
      </div>
      <div aria-live="polite">
        {outcome && <p className="rounded-md border border-border bg-muted p-3 font-medium">{outcome}</p>}
      </div>
      {shown && <PreviewPane preview={shown} />}
    </form>
  );
}

/** The recipients' count and the email as its first recipient gets it, in a frame that runs nothing. */
function PreviewPane({ preview }: { preview: MessagePreview }) {
  return (
    <section aria-label="Preview" className="grid gap-3 border-t border-border pt-4">
      <p className="text-lg">
        <strong>{people(preview.recipients)}</strong>
        {preview.recipients === 0 && (
          <span className="text-muted-foreground"> now: the sample is the email as you would get it.</span>
        )}
      </p>
      <p className="text-sm">
        <span className="text-muted-foreground">Subject:</span> {preview.sample.subject}
      </p>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={preview.sample.html}
        className="h-[32rem] w-full rounded-md border border-border bg-white"
      />
    </section>
  );
}
