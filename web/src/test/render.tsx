import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from '@/lib/router';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { setRetryDelay } from '@/lib/resource';

/**
 * Renders UI with the app's providers: the real query defaults (but no wait between retries), a router and the toaster.
 * `strictMode` renders under <StrictMode> at the root, as main.tsx does, so effects run twice on mount.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', strictMode = false }: { route?: string; strictMode?: boolean } = {},
) {
  setRetryDelay(() => 0);
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retryDelay: 0 } });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
    { reactStrictMode: strictMode },
  );
  return { user, queryClient, ...result };
}

/** The visible toast whose title is `title`, found in Radix's notification region (F8). */
export async function findToast(title: string) {
  const region = await screen.findByRole('region', { name: /Notifications/ });
  const heading = await within(region).findByText(title);
  const toast = heading.closest<HTMLElement>('[role="status"]');
  if (!toast) throw new Error(`"${title}" is not inside a toast`);
  return toast;
}
