import { useEffect } from 'react';

/** Sets the tab title once the page knows it (an effect, so prerendering never touches `document`). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
