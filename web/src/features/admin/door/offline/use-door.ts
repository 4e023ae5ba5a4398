import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
import { checkInAnswer, type CheckInAnswer } from '../api/door';
import { accessKey } from '@/features/admin/shell/api/session';
import { doorDeviceId, renameDoorDevice } from './door-session';
import {
  loadList,
  parseCheckInList,
  queueScan,
  queuedScans,
  removeScans,
  saveList,
  type CheckInList,
} from './door-store';
import { codeDigest, normalizeCode } from './ticket-code';

/** How often a device online sends its queue and downloads the list again. */
export const refreshMillis = 30_000;
/** The most scans the server takes in one batch. */
const batchSize = 500;

/** What the door shows for a scan: the server's answer, or the device's own while offline. */
export type DoorVerdict = Omit<CheckInAnswer, 'result'> & {
  result: CheckInAnswer['result'] | 'duplicate';
  /** Decided on this device from its list, to be sent when the network returns. */
  offline?: boolean;
};

const batchAnswerSchema = z.object({
  results: z.array(
    z.object({
      code: z.string(),
      result: z.enum(['admitted', 'already_checked_in', 'duplicate', 'refunded', 'transferred', 'unknown']),
      message: z.string(),
    }),
  ),
});

/** The check-in list, downloaded in this device's name: its scans are believed from then on. */
function downloadList(device: string): Promise<unknown> {
  return api.get<unknown>(`/api/admin/check-in/list?deviceId=${encodeURIComponent(device)}`);
}

/** A fetch that never reached the server: the device is offline, whatever `navigator.onLine` says. */
function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError;
}

/** Marks a ticket checked in on the device's copy of the list, and counts it at the door. */
function admitLocally(list: CheckInList, hash: string, type: string): CheckInList {
  return {
    ...list,
    tickets: list.tickets.map((ticket) => (ticket.hash === hash ? { ...ticket, status: 'checked_in' } : ticket)),
    ticketTypes: list.ticketTypes.map((count) =>
      count.ticketType === type ? { ...count, checkedIn: count.checkedIn + 1 } : count,
    ),
  };
}

const offlineVerdicts = {
  valid: ['admitted', 'Welcome! Checked offline: sent when the network returns.'],
  checked_in: ['already_checked_in', 'Already checked in: this ticket was used before.'],
  refunded: ['refunded', 'Refunded: this ticket was refunded and admits no one.'],
  transferred: ['transferred', 'Transferred: this code was replaced when the ticket was given to someone else.'],
} as const;

/**
 * The door, online and off: scans go to the server while it answers; without the network they
 * are checked against the downloaded list and queued on the device (IndexedDB), then sent in
 * batches when it returns. Online, the queue is sent and the list downloaded every 30 s.
 */
export function useDoor() {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [list, setList] = useState<CheckInList | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [syncNotice, setSyncNotice] = useState<string | null>(null);
  const listRef = useRef<CheckInList | null>(null);
  const device = useRef(doorDeviceId());
  const syncing = useRef(false);
  const queryClient = useQueryClient();

  const keepList = useCallback(async (next: CheckInList) => {
    listRef.current = next;
    setList(next);
    await saveList(next);
  }, []);

  const countWaiting = useCallback(async () => setWaiting((await queuedScans()).length), []);

  /** Sends the queue, then downloads the list; either failing for the network means offline. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    syncing.current = true;
    try {
      const scans = await queuedScans();
      let duplicates = 0;
      for (let start = 0; start < scans.length; start += batchSize) {
        const part = scans.slice(start, start + batchSize);
        const answer = batchAnswerSchema.parse(
          await api.post<unknown>('/api/admin/check-in/batch', {
            deviceId: device.current,
            scans: part.map(({ code, scannedAt }) => ({ code, scannedAt })),
          }),
        );
        duplicates += answer.results.filter((result) => result.result === 'duplicate').length;
        await removeScans(part.flatMap((scan) => (scan.id === undefined ? [] : [scan.id])));
      }
      if (scans.length > 0) {
        const sent = `${scans.length} offline ${scans.length === 1 ? 'scan' : 'scans'} sent`;
        setSyncNotice(
          duplicates > 0
            ? `${sent}: ${duplicates} ${duplicates === 1 ? 'was a duplicate' : 'were duplicates'} (see the list below).`
            : `${sent}.`,
        );
      }
      let downloaded: unknown;
      try {
        downloaded = await downloadList(device.current);
      } catch (error) {
        // Another session named a device so first: this one takes a new name.
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        device.current = renameDoorDevice();
        downloaded = await downloadList(device.current);
      }
      await keepList(parseCheckInList(downloaded));
      setOnline(true);
    } catch (error) {
      if (isNetworkFailure(error)) setOnline(false);
      // The session ended or the person was deactivated: the back office asks who is there.
      else if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        void queryClient.invalidateQueries({ queryKey: accessKey });
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        setSyncNotice(`The check-in list could not be updated: ${reason}`);
      }
    } finally {
      syncing.current = false;
      await countWaiting();
    }
  }, [countWaiting, keepList, queryClient]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      const stored = await loadList();
      if (!stopped && stored && !listRef.current) {
        listRef.current = stored;
        setList(stored);
      }
      await countWaiting();
      if (navigator.onLine) await sync();
    })();
    const timer = window.setInterval(() => {
      if (navigator.onLine) void sync();
    }, refreshMillis);
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [countWaiting, sync]);

  /** Checks the device's list, admits a valid ticket on it and queues the scan. */
  const checkOffline = useCallback(
    async (typed: string): Promise<DoorVerdict> => {
      const code = normalizeCode(typed);
      const current = listRef.current;
      if (!code) return { result: 'unknown', message: 'Unknown code: this is not a ticket code.', offline: true };
      if (!current) {
        return {
          result: 'unknown',
          message: 'No check-in list on this device yet: connect once to download it.',
          offline: true,
        };
      }
      const hash = await codeDigest(code);
      const ticket = current.tickets.find((entry) => entry.hash === hash);
      if (!ticket) {
        return { result: 'unknown', message: 'Unknown code: this is not a ticket of this event.', offline: true };
      }
      const [result, message] = offlineVerdicts[ticket.status];
      const ticketName = current.ticketTypes.find((count) => count.ticketType === ticket.type)?.name ?? ticket.type;
      if (ticket.status === 'valid') {
        await queueScan({ code, scannedAt: Date.now() });
        await keepList(admitLocally(current, hash, ticket.type));
        await countWaiting();
      }
      return {
        result,
        message,
        attendeeName: ticket.name,
        ticketName,
        flaggedAnswers: ticket.flaggedAnswers,
        offline: true,
      };
    },
    [countWaiting, keepList],
  );

  /** One scan: the server's answer while it can be reached, the device's own otherwise. */
  const check = useCallback(
    async (typed: string): Promise<DoorVerdict> => {
      if (navigator.onLine) {
        try {
          const answer = await checkInAnswer({ code: typed });
          if (answer.result === 'admitted') {
            const code = normalizeCode(typed);
            const current = listRef.current;
            if (code && current) {
              const hash = await codeDigest(code);
              const ticket = current.tickets.find((entry) => entry.hash === hash);
              if (ticket) await keepList(admitLocally(current, hash, ticket.type));
            }
          }
          return answer;
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          setOnline(false);
        }
      }
      return checkOffline(typed);
    },
    [checkOffline, keepList],
  );

  /**
   * A person found by name, checked in by their ticket's id. It needs the network: the device's
   * list knows tickets by their codes' digests, so it is downloaded again to learn the admission.
   */
  const checkTicket = useCallback(
    async (ticketId: string): Promise<DoorVerdict> => {
      let answer: CheckInAnswer;
      try {
        answer = await checkInAnswer({ ticketId });
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        setOnline(false);
        throw new Error('Checking someone in by name needs the network.', { cause: error });
      }
      if (answer.result === 'admitted') void sync();
      return answer;
    },
    [sync],
  );

  return { online, list, waiting, syncNotice, check, checkTicket, sync };
}
