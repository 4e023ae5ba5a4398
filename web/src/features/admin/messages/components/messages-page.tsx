import { useMessages } from '../api/messages';
import { MessageComposer } from './message-composer';
import { MessagesTable } from './messages-table';
import { canSendMessages, type StaffRole } from '@/features/admin/shell/roles';
import { Loading, Screen } from '@/features/admin/shared/components/screen';

/** /admin/messages: emails to a segment of people, now or at a time, and how each one's delivery went. */
export function MessagesPage({ role }: { role: StaffRole }) {
  const messages = useMessages();
  const canSend = canSendMessages(role);
  return (
    <Screen
      title="Messages"
      description="Emails to ticket holders, a workshop’s attendees, sponsors, buyers yet to pick up, or the waitlist: one per person, even if they match twice."
    >
      {canSend && <MessageComposer />}
      <section aria-labelledby="messages-sent" className="space-y-3">
        <h2 id="messages-sent" className="text-lg font-semibold">
          Sent and scheduled
        </h2>
        {messages.data ? (
          <MessagesTable messages={messages.data} canCancel={canSend} />
        ) : (
          <Loading error={messages.error} />
        )}
      </section>
    </Screen>
  );
}
