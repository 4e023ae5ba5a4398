import { CalendarHeartIcon, MailCheckIcon, PartyPopperIcon, Share2Icon } from '@/components/icons';
import type { ReactNode } from 'react';
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

export interface WaitlistSuccessDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event's dates as shown everywhere, e.g. 'May 18-22, 2026'. */
  dateLabel: string | undefined;
  /** The 'Spread the Word' share control, supplied by the page that composes the features. */
  shareAction: ReactNode;
}

export function WaitlistSuccessDialog({ open, onOpenChange, dateLabel, shareAction }: WaitlistSuccessDialogProps) {
  const steps = [
    { Icon: MailCheckIcon, text: 'Check your email for a confirmation message.' },
    { Icon: Share2Icon, text: 'Follow us on social media for speaker and schedule announcements.' },
    {
      Icon: CalendarHeartIcon,
      text: dateLabel ? `Mark ${dateLabel} on your calendar.` : 'Mark the conference dates on your calendar.',
    },
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader className="items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent">
            <PartyPopperIcon className="size-7 text-primary" aria-hidden="true" />
          </span>
          <DialogTitle>You&apos;re on the Waitlist!</DialogTitle>
          <DialogDescription>
            Thank you for joining. You&apos;re now in the running for free tickets and a complimentary hotel stay, and
            you&apos;ll be the first to hear our news.
          </DialogDescription>
        </DialogHeader>
        <div className="rounded-lg bg-muted p-4">
          <h3 className="font-semibold">Next steps</h3>
          <ol className="mt-3 space-y-3">
            {steps.map(({ Icon, text }) => (
              <li key={text} className="flex items-start gap-3 text-sm">
                <Icon className="mt-0.5 size-4 shrink-0 text-secondary" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ol>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          {shareAction}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
