import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a prerendered page (and when prerendering), true once the app
 * runs it. A render that is not a hydration is true from the start.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
