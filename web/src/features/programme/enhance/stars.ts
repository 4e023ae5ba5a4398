import type { StarStore } from './star-store';

/** Every star button for the slug: a session can appear more than once on a page (its own, in parallel, next). */
function buttonsFor(root: ParentNode, slug: string) {
  return [...root.querySelectorAll<HTMLButtonElement>('button[data-star]')].filter(
    (button) => button.dataset.star === slug,
  );
}

/** Shows each star with its pressed state from the store. */
export function showStars(root: ParentNode, starred: Set<string>) {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-star]')) {
    button.setAttribute('aria-pressed', String(starred.has(button.dataset.star ?? '')));
    button.hidden = false;
  }
}

/**
 * Makes the stars work: a press toggles the session in the store and every button of that session, then
 * `changed` lets the rest of the page follow. Answers the clean-up.
 */
export function enableStars(root: HTMLElement, store: StarStore, changed: () => void): () => void {
  showStars(root, store.starred());
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('button[data-star]');
    const slug = button?.dataset.star;
    if (!button || !slug || !root.contains(button)) return;
    const starred = store.toggle(slug);
    for (const same of buttonsFor(root, slug)) same.setAttribute('aria-pressed', String(starred));
    changed();
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
