/**
 * What a door device keeps for working offline, in IndexedDB: the check-in list it last
 * downloaded, and the scans it made offline, waiting to be sent. Where IndexedDB is missing
 * (some private windows), the same is kept in memory for as long as the page is open.
 */

import { z } from 'zod/mini';
import { duplicateScanSchema } from '@/features/admin/shared/api/schemas';
import { flaggedAnswerSchema } from '../api/door';

export const listedStatuses = ['valid', 'checked_in', 'refunded', 'transferred'] as const;

const listSchema = z.object({
  generatedAt: z.int(),
  ticketTypes: z.array(z.object({ ticketType: z.string(), name: z.string(), expected: z.int(), checkedIn: z.int() })),
  tickets: z.array(
    z.object({
      hash: z.string(),
      name: z.optional(z.string()),
      type: z.string(),
      status: z.enum(listedStatuses),
      /** A list kept from before the server sent them has none. */
      flaggedAnswers: z._default(z.array(flaggedAnswerSchema), () => []),
    }),
  ),
  duplicates: z.array(duplicateScanSchema),
});

export type CheckInList = z.infer<typeof listSchema>;

export function parseCheckInList(value: unknown): CheckInList {
  return listSchema.parse(value);
}

/** A scan made offline: the code as scanned and the device's clock at that moment. */
export interface QueuedScan {
  id?: number;
  code: string;
  scannedAt: number;
}

const databaseName = 'conference-door';
const listKey = 'check-in-list';

let opened: Promise<IDBDatabase> | null = null;
const memory: { list: CheckInList | null; scans: QueuedScan[]; nextId: number } = {
  list: null,
  scans: [],
  nextId: 1,
};

function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('lists');
      request.result.createObjectStore('scans', { keyPath: 'id', autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
  });
  return opened;
}

async function run<T>(
  store: 'lists' | 'scans',
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
) {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
  });
}

export async function loadList(): Promise<CheckInList | null> {
  if (!hasIndexedDb()) return memory.list;
  const stored = await run('lists', 'readonly', (store) => store.get(listKey) as IDBRequest<unknown>);
  const parsed = listSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export async function saveList(list: CheckInList): Promise<void> {
  if (!hasIndexedDb()) {
    memory.list = list;
    return;
  }
  await run('lists', 'readwrite', (store) => store.put(list, listKey));
}

export async function queueScan(scan: QueuedScan): Promise<void> {
  if (!hasIndexedDb()) {
    memory.scans.push({ ...scan, id: memory.nextId++ });
    return;
  }
  await run('scans', 'readwrite', (store) => store.add({ code: scan.code, scannedAt: scan.scannedAt }));
}

/** The scans waiting to be sent, oldest first. */
export async function queuedScans(): Promise<QueuedScan[]> {
  if (!hasIndexedDb()) return [...memory.scans];
  return run('scans', 'readonly', (store) => store.getAll() as IDBRequest<QueuedScan[]>);
}

export async function removeScans(ids: number[]): Promise<void> {
  if (!hasIndexedDb()) {
    memory.scans = memory.scans.filter((scan) => scan.id === undefined || !ids.includes(scan.id));
    return;
  }
  const db = await database();
  await new Promise<void>((resolve, reject) => {
    const transaction = db.transaction('scans', 'readwrite');
    for (const id of ids) transaction.objectStore('scans').delete(id);
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB failed'));
  });
}

/**
 * Leaves no names on a shared phone once the session is over. Scans not yet sent stay: they
 * are checked-in people, sent with the next sign-in on this device.
 */
export async function forgetCheckInList(): Promise<void> {
  memory.list = null;
  if (!hasIndexedDb()) return;
  await run('lists', 'readwrite', (store) => store.clear());
}
