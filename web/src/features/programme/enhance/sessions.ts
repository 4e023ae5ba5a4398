/** A session as the server's markup describes it: `data-session`, `data-start`, `data-end` and its star's label. */
export interface SessionTime {
  slug: string;
  title: string;
  /** The start as written, RFC 3339 in the venue's offset. */
  startText: string;
  start: number;
  end: number;
}

const STAR_LABEL = /^Star /;

/** The session an element stands for, or nothing when its attributes are missing or not times. */
export function readSession(element: HTMLElement): SessionTime | undefined {
  const { session: slug, start: startText, end: endText } = element.dataset;
  if (!slug || !startText || !endText) return undefined;
  const start = Date.parse(startText);
  const end = Date.parse(endText);
  if (Number.isNaN(start) || Number.isNaN(end)) return undefined;
  // The title is the star's label without its verb: the one place the markup names the session in plain text.
  const label = element.querySelector('[data-star]')?.getAttribute('aria-label') ?? '';
  const title = label.replace(STAR_LABEL, '') || slug;
  return { slug, title, startText, start, end };
}

/** Every session in `root`, in the page's order. */
export function readSessions(root: ParentNode): SessionTime[] {
  return [...root.querySelectorAll<HTMLElement>('[data-session]')].flatMap((element) => readSession(element) ?? []);
}
