import { createContext, useContext, useEffect } from 'react';

/** What a page puts in the document's head; collected while prerendering. */
export interface PageHead {
  title?: string;
  description?: string;
}

/** Provided only by the prerenderer (entry-server.tsx), which writes the head itself. */
export const PageHeadContext = createContext<((head: PageHead) => void) | null>(null);

/**
 * Sets the tab title once the page knows it, and the description search engines and link
 * previews show. In the browser an effect does it; while prerendering, the page's head is
 * recorded for the HTML instead, as no `document` exists there.
 */
export function useDocumentTitle(title: string | undefined, description?: string) {
  const recordForPrerendering = useContext(PageHeadContext);
  recordForPrerendering?.({ title, description });
  useEffect(() => {
    if (title) document.title = title;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
}
