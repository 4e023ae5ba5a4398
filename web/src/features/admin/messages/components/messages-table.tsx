import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { interestAreas } from '@/features/waitlist/api/register-waitlist';
import { useMerchandise } from '@/lib/api/get-merchandise';
import { useTickets } from '@/lib/api/get-tickets';
import { useCancelMessage, useSeatSessions, type Message, type MessageStatus } from '../api/messages';
import { segmentText, type SegmentNames } from './segment-draft';
import { formatTime } from '@/features/admin/shared/components/format';
import { StatusBadge } from '@/features/admin/shared/components/status-badge';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

const statusLabels: Record<MessageStatus, string> = {
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
  test: 'Test',
  cancelled: 'Cancelled',
};

/** Before a scheduled message's time in the list, by its status. */
const scheduledWords: Record<MessageStatus, string> = {
  scheduled: 'Goes out',
  sending: 'Went out',
  sent: 'Went out',
  test: 'Sent',
  cancelled: 'Was due',
};

/** The names of what segments name: ticket types, sessions, items and interest areas, as far as they have loaded. */
function useSegmentNames(): SegmentNames {
  const tickets = useTickets();
  const sessions = useSeatSessions();
  const merchandise = useMerchandise();
  return {
    ticketType: (type) => tickets.data?.find((ticket) => ticket.type === type)?.name,
    session: (slug) => sessions.data?.find((session) => session.slug === slug)?.title,
    item: (id) => merchandise.data?.find((item) => String(item.id) === id)?.name,
    interestArea: (value) => interestAreas.find((area) => area.value === value)?.label,
  };
}

/** Every message with its delivery counts; `canCancel` offers to stop a scheduled one. */
export function MessagesTable({ messages, canCancel }: { messages: Message[]; canCancel: boolean }) {
  const names = useSegmentNames();
  const cancel = useCancelMessage();
  const [failure, setFailure] = useState<string | null>(null);
  const headings = ['Subject', 'To', 'Status', 'Recipients', 'Sent', 'Failed', 'Pending', 'When', 'By'];

  if (messages.length === 0) return <p className="text-muted-foreground">No messages yet.</p>;
  return (
    <div className="space-y-3">
      {failure && (
        <p role="alert" className="font-medium text-destructive">
          {failure}
        </p>
      )}
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Messages</caption>
          <thead>
            <tr>
              {headings.map((heading) => (
                <th key={heading} scope="col" className={tableClasses.head}>
                  {heading}
                </th>
              ))}
              {canCancel && (
                <th scope="col" className={tableClasses.head}>
                  <span className="sr-only">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id}>
                <th scope="row" className={`${tableClasses.cell} max-w-72 font-medium whitespace-normal`}>
                  {message.subject}
                </th>
                <td className={`${tableClasses.cell} max-w-72 whitespace-normal`}>
                  {segmentText(message.segment, names)}
                </td>
                <td className={tableClasses.cell}>
                  <StatusBadge status={message.status} label={statusLabels[message.status]} />
                </td>
                <td className={tableClasses.cell}>{message.recipients}</td>
                <td className={tableClasses.cell}>{message.sent}</td>
                <td className={tableClasses.cell}>{message.failed}</td>
                <td className={tableClasses.cell}>{message.pending}</td>
                <td className={tableClasses.cell}>
                  {message.sendAt !== null
                    ? `${scheduledWords[message.status]} ${formatTime(message.sendAt)}`
                    : formatTime(message.createdAt)}
                </td>
                <td className={tableClasses.cell}>{message.createdBy}</td>
                {canCancel && (
                  <td className={tableClasses.cell}>
                    {message.status === 'scheduled' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={cancel.isPending}
                        aria-label={`Cancel “${message.subject}”`}
                        onClick={() => {
                          setFailure(null);
                          cancel.mutate(message.id, { onError: (error) => setFailure(error.message) });
                        }}
                      >
                        Cancel
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
