import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Tells history entries apart, even two of the same URL. */
  key: string;
}

/** How the current location was reached: by the back/forward buttons (or first load), a link, or a replacement. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

export interface RouterState {
  location: Location;
  type: NavigationType;
  navigate: Navigate;
}

export const RouterContext = createContext<RouterState | null>(null);

export function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links need a router above them');
  return router;
}

export function newKey() {
  return Math.random().toString(36).slice(2, 10);
}

/** `to` (absolute, or relative like '?page=2') resolved against `from`. */
export function resolve(to: string, from: Location, key: string): Location {
  const url = new URL(to, `http://app${from.pathname}${from.search}${from.hash}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, key };
}

export const start: Location = { pathname: '/', search: '', hash: '', key: 'default' };

export function href(location: Location) {
  return `${location.pathname}${location.search}${location.hash}`;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().type;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

type SearchInit = URLSearchParams | Record<string, string>;

export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [location.pathname, navigate],
  );
  return [params, setParams];
}

export type Params = Record<string, string>;

interface RouteContextValue {
  params: Params;
  /** The part of the path the enclosing route matched: relative paths below it start here. */
  base: string;
  outlet: ReactNode;
}

export const RouteContext = createContext<RouteContextValue>({ params: {}, base: '/', outlet: null });

export function useParams(): Params {
  return useContext(RouteContext).params;
}
