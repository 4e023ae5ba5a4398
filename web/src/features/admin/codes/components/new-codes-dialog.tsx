import { useState } from 'react';
import { CopyIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/hooks/use-toast';
import type { Code, CodeItem } from '../api/codes';
import { describeDiscount } from './code-format';
import { CodeForm } from './code-form';

/** "New codes…": the form, then the codes it made, ready to copy. */
export function NewCodesDialog({ items }: { items: CodeItem[] }) {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [made, setMade] = useState<Code[] | null>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setAttempt((current) => current + 1);
          setMade(null);
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button>New codes…</Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        {made ? (
          <MadeCodes codes={made} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>New codes</DialogTitle>
              <DialogDescription>
                One code to share (PARTNER20), or many single-use ones to hand out. A code gives one discount on each
                unit it is used for.
              </DialogDescription>
            </DialogHeader>
            <CodeForm key={attempt} items={items} onMade={setMade} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function MadeCodes({ codes }: { codes: Code[] }) {
  const text = codes.map((code) => code.code).join('\n');
  const title = codes.length === 1 ? 'Code made' : `${codes.length} codes made`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        title: 'Copied',
        description: `${codes.length === 1 ? 'The code is' : 'The codes are'} on the clipboard.`,
      });
    } catch {
      toast({ title: 'Not copied', description: 'Select the codes and copy them instead.', variant: 'destructive' });
    }
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {describeDiscount(codes[0])}, {codes[0].maxUses === 1 ? 'one use' : `${codes[0].maxUses} uses`}
          {codes.length > 1 && ' each'}. {codes.length === 1 ? 'It is' : 'They are'} in the list of codes too.
        </DialogDescription>
      </DialogHeader>
      <ul
        aria-label="Codes made"
        className="max-h-72 overflow-y-auto rounded-md border border-border bg-muted p-3 font-mono text-sm select-all"
      >
        {codes.map((code) => (
          <li key={code.id}>{code.code}</li>
        ))}
      </ul>
      <DialogFooter>
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" /> Copy {codes.length === 1 ? 'code' : 'codes'}
        </Button>
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
