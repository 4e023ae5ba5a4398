/** The address a filter form leads to: its action with the chosen values, leaving out the empty ("All") ones. */
export function filterAddress(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value !== '') params.append(name, value);
  }
  const action = new URL(form.action, window.location.href).pathname;
  const query = params.toString();
  return query ? `${action}?${query}` : action;
}

/**
 * Applies a filter as soon as it changes, through `navigate`, so the address keeps it; the Apply button,
 * which makes the form work without JavaScript, is then hidden. Answers the clean-up.
 */
export function autoApplyFilters(root: HTMLElement, navigate: (address: string) => void): () => void {
  const forms = [...root.querySelectorAll<HTMLFormElement>('form[data-filters]')];
  const go = (event: Event) => {
    const form = event.currentTarget as HTMLFormElement;
    event.preventDefault();
    navigate(filterAddress(form));
  };
  for (const form of forms) {
    for (const button of form.querySelectorAll<HTMLElement>('[data-filters-apply]')) button.hidden = true;
    form.addEventListener('change', go);
    form.addEventListener('submit', go);
  }
  return () => {
    for (const form of forms) {
      form.removeEventListener('change', go);
      form.removeEventListener('submit', go);
    }
  };
}
