import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ComponentType } from 'react';

// The brief's defaults: no automatic refetch, data never stale, no retries.
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

let shared: QueryClient | undefined;

/**
 * A page that uses the query library, with the one client every such page shares. Only
 * lazily loaded pages are wrapped, so the landing page never loads the library.
 */
export function withQueryClient<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    // A client given from above (a test's) wins over the shared one.
    const given = useContext(QueryClientContext);
    if (given) return <Page {...props} />;
    shared ??= createQueryClient();
    return (
      <QueryClientProvider client={shared}>
        <Page {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueryClient;
}
