import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { resource, setRetryDelay } from './resource';

const parse = (body: unknown) => body as { answer: number };

describe('a shared GET', () => {
  it('is fetched once for every reader, and again on refetch', async () => {
    const fetchSpy = mockFetch(() => jsonResponse({ answer: 42 }));
    const shared = resource('/api/thing', parse);
    const first = renderHook(() => shared.use());
    const second = renderHook(() => shared.use());
    expect(first.result.current.isPending).toBe(true);

    await waitFor(() => expect(first.result.current.data).toEqual({ answer: 42 }));
    expect(second.result.current.data).toEqual({ answer: 42 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);

    act(() => first.result.current.refetch());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));
  });

  it('shows primed data at once and asks again in the background, unless it is fresh', async () => {
    const fetchSpy = mockFetch(() => jsonResponse({ answer: 2 }));
    const stale = resource('/api/stale', parse);
    const fresh = resource('/api/fresh', parse);
    stale.prime({ answer: 1 });
    fresh.prime({ answer: 1 }, { fresh: true });

    const staleView = renderHook(() => stale.use());
    const freshView = renderHook(() => fresh.use());
    expect(staleView.result.current.data).toEqual({ answer: 1 });
    expect(freshView.result.current.data).toEqual({ answer: 1 });

    await waitFor(() => expect(staleView.result.current.data).toEqual({ answer: 2 }));
    expect(freshView.result.current.data).toEqual({ answer: 1 });
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(['/api/stale']);
  });

  it('retries as many times as asked, then reports the error', async () => {
    setRetryDelay(() => 0);
    const fetchSpy = mockFetch(() => jsonResponse({ message: 'Down for maintenance' }, 503));
    const flaky = resource('/api/flaky', parse, 2);
    const view = renderHook(() => flaky.use());

    await waitFor(() => expect(view.result.current.isError).toBe(true));
    expect(view.result.current.error?.message).toBe('Down for maintenance');
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });
});
