import type { ReactNode } from 'react';
import { LazyToaster } from '@/components/ui/lazy-toaster';

/**
 * The providers every page shares. The query library is not among them: the pages that
 * use it bring it along (see `withQueryClient`), so the landing page never loads it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <LazyToaster />
    </>
  );
}
