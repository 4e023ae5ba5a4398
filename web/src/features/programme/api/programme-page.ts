/** The id of the element the server fills with a programme page's HTML (the frame's, or the app shell's). */
export const PROGRAMME_PAGE_ID = 'programme-page';

/** A programme page as the server rendered it: the element's HTML and the venue's zone it carries. */
export interface ProgrammeContent {
  html: string;
  timezone?: string;
  zoneLabel?: string;
}

export interface FetchedProgrammePage {
  content: ProgrammeContent;
  title?: string;
  description?: string;
}

/** Why a programme page could not be shown: the server's status, or none when the network failed. */
export class ProgrammePageError extends Error {
  constructor(readonly status?: number) {
    super(status === undefined ? 'The page could not be loaded' : `The server answered ${status}`);
    this.name = 'ProgrammePageError';
  }
}

export function contentOf(element: HTMLElement): ProgrammeContent {
  return { html: element.innerHTML, timezone: element.dataset.timezone, zoneLabel: element.dataset.zoneLabel };
}

/**
 * The page at `address` as the server serves it to a browser (its frame or app shell with #programme-page
 * filled), for a page reached inside the app: the element, the title and the description.
 */
export async function fetchProgrammePage(address: string, signal: AbortSignal): Promise<FetchedProgrammePage> {
  let response: Response;
  try {
    response = await fetch(address, { signal, headers: { accept: 'text/html' } });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ProgrammePageError();
  }
  if (!response.ok) throw new ProgrammePageError(response.status);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const element = page.getElementById(PROGRAMME_PAGE_ID);
  // A page without the element is not a programme page (the server answered its not-found page).
  if (!element) throw new ProgrammePageError(404);
  return {
    content: contentOf(element),
    title: page.title || undefined,
    description: page.querySelector('meta[name="description"]')?.getAttribute('content') ?? undefined,
  };
}
