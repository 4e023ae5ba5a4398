import { Children, isValidElement, useContext, type ReactElement, type ReactNode } from 'react';
import { RouteContext, useRouter, type Params } from './location';

/** Where a layout route shows the route below it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

type RouteProps =
  /** A page at a path, absolute or relative to the enclosing route; ':name' is a parameter, a last '*' any rest. */
  | { path: string; element: ReactNode; index?: never; children?: never }
  /** The page at the enclosing route's own path. */
  | { index: true; element: ReactNode; path?: never; children?: never }
  /** A layout around the routes inside it. */
  | { element: ReactNode; children: ReactNode; path?: never; index?: never };

/** Describes a route to the <Routes> around it; renders nothing itself. */
export const Route: (props: RouteProps) => ReactNode = () => null;

interface Match {
  element: ReactNode;
  params: Params;
  base: string;
  child: Match | null;
}

function segments(path: string) {
  return path.split('/').filter(Boolean);
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPath(pattern: string, pathname: string): { params: Params; base: string } | null {
  const wanted = segments(pattern);
  const actual = segments(pathname);
  const params: Params = {};
  for (const [index, part] of wanted.entries()) {
    if (part === '*' && index === wanted.length - 1) {
      params['*'] = actual.slice(index).map(decode).join('/');
      return { params, base: `/${actual.slice(0, index).join('/')}` };
    }
    const segment = actual[index];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = decode(segment);
    else if (part.toLowerCase() !== decode(segment).toLowerCase()) return null;
  }
  if (actual.length !== wanted.length) return null;
  return { params, base: `/${actual.join('/')}` };
}

function routesIn(children: ReactNode): RouteProps[] {
  return Children.toArray(children)
    .filter((child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route)
    .map((child) => child.props);
}

function join(base: string, path: string) {
  return path.startsWith('/') ? path : `${base.replace(/\/$/, '')}/${path}`;
}

function matchRoutes(routes: RouteProps[], pathname: string, base: string): Match | null {
  for (const route of routes) {
    if (route.index) {
      if (segments(pathname).join('/') === segments(base).join('/')) {
        return { element: route.element, params: {}, base, child: null };
      }
    } else if (route.path === undefined) {
      const child = matchRoutes(routesIn(route.children), pathname, base);
      if (child) return { element: route.element, params: child.params, base, child };
    } else {
      const match = matchPath(join(base, route.path), pathname);
      if (match) return { element: route.element, params: match.params, base: match.base, child: null };
    }
  }
  return null;
}

function renderMatch(match: Match, inherited: Params): ReactNode {
  const params = { ...inherited, ...match.params };
  const outlet = match.child ? renderMatch(match.child, params) : null;
  return <RouteContext.Provider value={{ params, base: match.base, outlet }}>{match.element}</RouteContext.Provider>;
}

/** Shows the first of its <Route>s that matches the location, or nothing. */
export function Routes({ children }: { children: ReactNode }) {
  const { location } = useRouter();
  const parent = useContext(RouteContext);
  const match = matchRoutes(routesIn(children), location.pathname, parent.base);
  return match ? renderMatch(match, parent.params) : null;
}
