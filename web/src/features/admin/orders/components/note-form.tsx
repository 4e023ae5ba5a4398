import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAddNote } from '../api/orders';

/** Adds a note to an order's history, e.g. "Called the buyer: seat changed". */
export function NoteForm({ orderId }: { orderId: string }) {
  const addNote = useAddNote(orderId);
  const [text, setText] = useState('');
  const id = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    addNote.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  return (
    <form aria-label="Add a note" className="grid gap-2" onSubmit={submit}>
      <Label htmlFor={`${id}-note`}>Add a note</Label>
      <Textarea
        id={`${id}-note`}
        value={text}
        maxLength={2000}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        aria-describedby={addNote.error ? `${id}-error` : undefined}
      />
      {addNote.error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {addNote.error.message}
        </p>
      )}
      <Button
        type="submit"
        variant="outline"
        disabled={addNote.isPending || !text.trim()}
        className="justify-self-start"
      >
        Add note
      </Button>
    </form>
  );
}
