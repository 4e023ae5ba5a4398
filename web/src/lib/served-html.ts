import { useEffect, useState } from 'react';

/**
 * The HTML the server filled into element `id` of the document being opened, read at a module's load: before
 * the app takes the page over, so the served markup is kept as it is.
 */
export function servedHtml(id: string): string {
  return typeof document === 'undefined' ? '' : (document.getElementById(id)?.innerHTML ?? '');
}

/**
 * The programme's part the server fills into element `id`: as served with the page, or, for a page reached
 * inside the app while the site has a programme (`<html data-programme>`), taken from the page at `address`.
 */
export function useProgrammeHtml(served: string, address: string, id: string): string {
  const [html, setHtml] = useState(served);
  useEffect(() => {
    if (served || !document.documentElement.hasAttribute('data-programme')) return;
    const controller = new AbortController();
    fetch(address, { signal: controller.signal })
      .then((response) => (response.ok ? response.text() : ''))
      .then((page) => setHtml(new DOMParser().parseFromString(page, 'text/html').getElementById(id)?.innerHTML ?? ''))
      // Without it the section stays empty (and hidden): it leads to pages the navigation also reaches.
      .catch(() => undefined);
    return () => controller.abort();
  }, [served, address, id]);
  return html;
}
