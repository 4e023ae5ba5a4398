import { lazy, Suspense } from 'react';
import { useToastsStarted } from '@/hooks/use-toast';

const Toaster = lazy(() => import('./toaster').then((module) => ({ default: module.Toaster })));

/** The toaster (Radix Toast) is loaded with the first toast, not with the page. */
export function LazyToaster() {
  const started = useToastsStarted();
  if (!started) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
