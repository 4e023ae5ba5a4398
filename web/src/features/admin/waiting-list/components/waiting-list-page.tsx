import { useWaitingList } from '../api/waiting-list';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { WaitingQueueSection } from './waiting-queue-section';

/** /admin/waiting-list: the queues for sold-out items, and the offers that go out as units come back. */
export function WaitingListPage() {
  const list = useWaitingList();
  const holds = list.data ? ` An offer holds its units for ${list.data.offerHours} hours.` : '';
  return (
    <Screen
      title="Waiting list"
      description={`People queued for sold-out items. Units that come back are offered in order, each with a personal single-use code; when fewer come back than the first in line wants, they go to the first behind who wants few enough.${holds}`}
    >
      {list.data ? (
        list.data.queues.length === 0 ? (
          <p className="text-muted-foreground">No one is waiting: queues open when an item sells out.</p>
        ) : (
          <div className="space-y-10">
            {list.data.queues.map((queue) => (
              <WaitingQueueSection key={queue.sku} queue={queue} />
            ))}
          </div>
        )
      ) : (
        <Loading error={list.error} />
      )}
    </Screen>
  );
}
