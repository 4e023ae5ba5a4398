import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { servedHtml, useProgrammeHtml } from './served-html';

afterEach(() => {
  document.documentElement.removeAttribute('data-programme');
  document.body.replaceChildren();
});

const homePage = '<html><body><div id="featured-speakers"><a href="/speakers/ada">Ada</a></div></body></html>';

describe("the programme's parts of other pages", () => {
  it('are read from the document as served', () => {
    document.body.innerHTML = '<div id="featured-speakers"><a href="/speakers/ada">Ada</a></div>';
    expect(servedHtml('featured-speakers')).toBe('<a href="/speakers/ada">Ada</a>');
    expect(servedHtml('sitemap-programme')).toBe('');
  });

  it('are kept as served, without a request', () => {
    const fetchSpy = mockFetch(() => new Response(homePage));
    document.documentElement.setAttribute('data-programme', '');
    const { result } = renderHook(() => useProgrammeHtml('<p>served</p>', '/', 'featured-speakers'));
    expect(result.current).toBe('<p>served</p>');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('are fetched for a page reached inside the app while there is a programme', async () => {
    const fetchSpy = mockFetch(() => new Response(homePage));
    document.documentElement.setAttribute('data-programme', '');
    const { result } = renderHook(() => useProgrammeHtml('', '/', 'featured-speakers'));
    await waitFor(() => expect(result.current).toBe('<a href="/speakers/ada">Ada</a>'));
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/');
  });

  it('are not asked for while the site has no programme', () => {
    const fetchSpy = mockFetch(() => new Response(homePage));
    const { result } = renderHook(() => useProgrammeHtml('', '/', 'featured-speakers'));
    expect(result.current).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
