import { QueryClient } from '@tanstack/react-query';

// The brief's defaults: no automatic refetch, data never stale, no retries
// (the ticket and merchandise lists opt into 3 retries themselves).
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchOnMount: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
