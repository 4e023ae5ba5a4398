import { useLocation } from '@/lib/router';

/** Stands in for a route's page in tests, showing where the app navigated to. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}
