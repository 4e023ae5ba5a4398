import { useContext, useEffect, useRef, useState } from 'react';
import { PageHeadContext } from '@/hooks/use-document-title';
import { useLocation, useNavigate } from '@/lib/router';
import { useConfig } from '@/features/config/api/get-config';
import {
  contentOf,
  fetchProgrammePage,
  PROGRAMME_PAGE_ID,
  ProgrammePageError,
  type ProgrammeContent,
} from '../api/programme-page';
import { enhanceProgramme } from '../enhance';

/**
 * The page the server filled into the document being opened, read before the app takes the page over, with
 * the address it was filled for. (In the app shell React empties #root before this chunk loads: that page is
 * fetched again, as after a navigation.)
 */
const served = (() => {
  if (typeof document === 'undefined') return undefined;
  const element = document.getElementById(PROGRAMME_PAGE_ID);
  if (!element?.firstChild) return undefined;
  return { address: window.location.pathname + window.location.search, content: contentOf(element) };
})();

const prerendering = typeof document === 'undefined';

/** The frame's element, as the prerenderer writes it: empty, for the server to fill. */
const FRAME: ProgrammeContent = { html: '' };

type Loaded = { address: string; content: ProgrammeContent } | { address: string; error: ProgrammePageError };

/**
 * A programme page (schedule, session, speakers, changes, my schedule): the server's HTML, kept as served or
 * fetched when reached inside the app, brought to life by the enhancer.
 */
export function ProgrammePage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const address = pathname + search;
  const [loaded, setLoaded] = useState<Loaded>();
  const element = useRef<HTMLDivElement>(null);

  // The frame's head is replaced by the server on each page; the prerenderer needs one all the same.
  const event = useConfig().data?.event;
  useContext(PageHeadContext)?.({ title: event ? `Schedule | ${event.name}` : 'Schedule' });

  const current: Loaded | undefined = prerendering
    ? { address, content: FRAME }
    : served?.address === address
      ? served
      : loaded?.address === address
        ? loaded
        : undefined;
  // While the next page loads (a filter changed, a link followed) the last one stays, marked busy.
  const previous = loaded && 'content' in loaded ? loaded.content : served?.content;
  const content = current ? ('content' in current ? current.content : undefined) : previous;

  useEffect(() => {
    if (served?.address === address) return;
    const controller = new AbortController();
    fetchProgrammePage(address, controller.signal).then(
      ({ content, title, description }) => {
        if (title) document.title = title;
        if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
        setLoaded({ address, content });
      },
      (error: unknown) => {
        if (error instanceof ProgrammePageError) setLoaded({ address, error });
      },
    );
    return () => controller.abort();
  }, [address]);

  useEffect(() => {
    if (!content || !element.current) return;
    return enhanceProgramme(element.current, { navigate });
  }, [content, navigate]);

  if (current && 'error' in current) return <LoadError address={address} error={current.error} />;
  if (!content) return <Loading />;
  return (
    <div
      id={PROGRAMME_PAGE_ID}
      ref={element}
      aria-busy={current ? undefined : true}
      data-timezone={content.timezone}
      data-zone-label={content.zoneLabel}
      dangerouslySetInnerHTML={{ __html: content.html }}
    />
  );
}

function Loading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}

function LoadError({ address, error }: { address: string; error: ProgrammePageError }) {
  const missing = error.status === 404;
  return (
    <div role="alert" className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <h1 className="font-display text-3xl font-bold">
        {missing ? 'This page is not in the programme' : 'This page could not be loaded'}
      </h1>
      <p className="mt-4 text-muted-foreground">
        {missing
          ? 'The programme may not be published yet, or the page has moved.'
          : 'Check your connection and try again.'}
      </p>
      <a href={address} className="mt-8 inline-block font-semibold text-primary underline underline-offset-4">
        Try again
      </a>
    </div>
  );
}
