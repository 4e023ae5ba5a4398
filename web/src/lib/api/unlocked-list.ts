import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * A catalogue list asked with `?code=`: it also holds the hidden item the code unlocks (a
 * Speaker Pass). For the checkout pages a code link opens; the public lists stay shared.
 */
export function useUnlockedList<T>(
  url: string,
  parse: (body: unknown) => T,
  code: string,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    queryKey: [url, { code }],
    queryFn: async () => parse(await api.get<unknown>(`${url}?${new URLSearchParams({ code }).toString()}`)),
    enabled: enabled && code !== '',
    // as the public lists are retried
    retry: 3,
  });
}
