import { startTransition, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  RouterContext,
  href,
  newKey,
  start,
  resolve,
  type Navigate,
  type NavigationType,
  type RouterState,
} from './location';

function Router({ location, type, navigate, children }: RouterState & { children: ReactNode }) {
  const value = useMemo(() => ({ location, type, navigate }), [location, type, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function windowState(type: NavigationType) {
  const { pathname, search, hash } = window.location;
  const state: unknown = window.history.state;
  const key = state && typeof state === 'object' && 'key' in state ? String(state.key) : 'default';
  return { location: { pathname, search, hash, key }, type };
}

/** The router of the running app: the address bar and the browser's history. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [state, setState] = useState(() => windowState('POP'));

  useLayoutEffect(() => {
    const onPop = () => startTransition(() => setState(windowState('POP')));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    const current = windowState('POP').location;
    const next = resolve(to, current, newKey());
    window.history[replace ? 'replaceState' : 'pushState']({ key: next.key }, '', href(next));
    startTransition(() => setState({ location: next, type: replace ? 'REPLACE' : 'PUSH' }));
  }, []);

  return (
    <Router location={state.location} type={state.type} navigate={navigate}>
      {children}
    </Router>
  );
}

/** A router with its history in memory, for tests: starts at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [state, setState] = useState(() => ({
    location: resolve(initialEntries.at(-1) ?? '/', start, 'default'),
    type: 'POP' as NavigationType,
  }));
  const navigate = useCallback<Navigate>((to, { replace = false } = {}) => {
    startTransition(() =>
      setState((previous) => ({
        location: resolve(to, previous.location, newKey()),
        type: replace ? 'REPLACE' : 'PUSH',
      })),
    );
  }, []);
  return (
    <Router location={state.location} type={state.type} navigate={navigate}>
      {children}
    </Router>
  );
}

function refuseNavigation(): never {
  throw new Error('A prerendered page cannot navigate');
}

/** A router fixed at one URL, for rendering pages ahead of time. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router location={resolve(location, start, 'default')} type="POP" navigate={refuseNavigation}>
      {children}
    </Router>
  );
}
