import { useEffect, useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';

// The catalogue (config, tickets, merchandise, sponsorship tiers): four GETs that every page
// reads and the prerendered pages carry. A shared cache of a few lines instead of a query
// library, which the landing page cannot afford.

interface Common {
  /** A fetch is under way (the first, or a refresh). */
  isFetching: boolean;
  refetch: () => void;
}

/** As a query library reports it: no data yet, failed without data, or data (perhaps being refreshed). */
export type ResourceResult<T> = Common &
  (
    | { status: 'pending'; data: undefined; error: null; isPending: true; isError: false; isSuccess: false }
    | { status: 'error'; data: undefined; error: Error; isPending: false; isError: true; isSuccess: false }
    | { status: 'success'; data: T; error: Error | null; isPending: false; isError: false; isSuccess: true }
  );

interface State<T> {
  data: T | undefined;
  error: Error | null;
  /** A fetch is under way. */
  loading: boolean;
  /** The data may be out of date (it came with the page): fetch again when first read. */
  stale: boolean;
}

export interface Resource<T> {
  use(options?: { enabled?: boolean }): ResourceResult<T>;
  /**
   * The data a prerendered page was made with, shown at once: refreshed in the background
   * when first read, unless `fresh` (it cannot have changed since the page was served).
   */
  prime(data: T, options?: { fresh?: boolean }): void;
  /** Forgets everything (tests start clean). */
  reset(): void;
}

let retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Tests retry without waiting. */
export function setRetryDelay(delay: (attempt: number) => number) {
  retryDelay = delay;
}

const resources: Resource<unknown>[] = [];

export function resetResources() {
  for (const resource of resources) resource.reset();
}

/**
 * A GET shared by every component that reads it: fetched once when first needed,
 * retried `retries` times on failure (the brief retries the two catalogue lists 3 times).
 */
export function resource<T>(url: string, parse: (body: unknown) => T, retries = 0): Resource<T> {
  const initial: State<T> = { data: undefined, error: null, loading: false, stale: true };
  let state = initial;
  const listeners = new Set<() => void>();
  const set = (next: Partial<State<T>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  async function load() {
    if (state.loading) return;
    set({ loading: true, stale: false, error: null });
    for (let attempt = 0; ; attempt++) {
      try {
        const data = parse(await api.get<unknown>(url));
        set({ data, loading: false });
        return;
      } catch (error) {
        if (attempt >= retries) {
          set({ error: error instanceof Error ? error : new Error(String(error)), loading: false });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      }
    }
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => state;

  const created: Resource<T> = {
    use({ enabled = true } = {}) {
      const current = useSyncExternalStore(subscribe, snapshot, snapshot);
      useEffect(() => {
        if (enabled && current.stale && !current.loading) void load();
      }, [enabled, current.stale, current.loading]);
      const common = { isFetching: current.loading, refetch: () => void load() };
      if (current.data !== undefined) {
        const { data, error } = current;
        return { ...common, status: 'success', data, error, isPending: false, isError: false, isSuccess: true };
      }
      if (current.error !== null) {
        const { error } = current;
        return {
          ...common,
          status: 'error',
          data: undefined,
          error,
          isPending: false,
          isError: true,
          isSuccess: false,
        };
      }
      return {
        ...common,
        status: 'pending',
        data: undefined,
        error: null,
        isPending: true,
        isError: false,
        isSuccess: false,
      };
    },
    prime(data, { fresh = false } = {}) {
      state = { ...state, data, stale: !fresh };
    },
    reset() {
      state = initial;
      listeners.clear();
    },
  };
  resources.push(created as Resource<unknown>);
  return created;
}

/** Checks the shape of an answer where it matters, without a schema library. */
export function expectShape(ok: boolean, url: string): void {
  if (!ok) throw new Error(`Unexpected answer from ${url}`);
}
