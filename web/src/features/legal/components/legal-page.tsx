import type { ReactNode } from 'react';
import { RefreshCwIcon as RefreshCw, TriangleAlertIcon as TriangleAlert } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useConfig, type EventInfo } from '@/features/config/api/get-config';
import { cn } from '@/lib/cn';
import { formatEventDate } from '../utils/event-dates';

export interface LegalSection {
  /** The section's anchor, also used by the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalPageProps {
  title: string;
  /** What search engines and link previews say of the page. */
  description: (event: EventInfo) => string;
  /** ISO date of the last revision, e.g. "2025-03-29". */
  lastUpdated?: string;
  /** A sentence or two under the title. */
  intro: (event: EventInfo) => ReactNode;
  sections: (event: EventInfo) => LegalSection[];
  /** Calls to action shown under the intro, e.g. a reporting button. */
  actions?: (event: EventInfo) => ReactNode;
}

// Tailwind's typography plugin is not part of the stack, so the readable prose styles live here.
const proseClasses = cn(
  'max-w-[68ch] text-base leading-7 text-foreground',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_strong]:font-semibold [&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-lg [&_h3]:font-semibold',
  '[&_a:not(.not-prose)]:font-medium [&_a:not(.not-prose)]:text-secondary [&_a:not(.not-prose)]:underline [&_a:not(.not-prose)]:underline-offset-4 [&_a:not(.not-prose):hover]:text-foreground',
);

/** The shared layout of the policy pages: title, last-updated line, table of contents and prose. */
export function LegalPage({ title, description, lastUpdated, intro, sections, actions }: LegalPageProps) {
  const config = useConfig();
  const event = config.data?.event;
  const eventName = event?.name;

  useDocumentTitle(eventName ? `${title} | ${eventName}` : title, event && description(event));

  const pageSections = event ? sections(event) : [];

  return (
    <>
      <header className="border-b border-border bg-muted">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          {eventName ? (
            <p className="text-sm font-semibold tracking-wide text-secondary uppercase">{eventName}</p>
          ) : (
            <Skeleton className="h-5 w-48" />
          )}
          <h1 className="mt-3 font-display text-4xl font-bold tracking-tight text-foreground sm:text-5xl">{title}</h1>
          {lastUpdated && (
            <p className="mt-3 text-sm text-muted-foreground">
              Last updated <time dateTime={lastUpdated}>{formatEventDate(lastUpdated)}</time>
            </p>
          )}
          {event ? (
            <>
              <div className="mt-6 max-w-[68ch] text-lg leading-8 text-muted-foreground">{intro(event)}</div>
              {actions && <div className="mt-8 flex flex-wrap gap-3">{actions(event)}</div>}
            </>
          ) : (
            config.isPending && (
              <div className="mt-6 max-w-[68ch] space-y-3" aria-hidden="true">
                <Skeleton className="h-5 w-full" />
                <Skeleton className="h-5 w-4/5" />
              </div>
            )
          )}
        </div>
      </header>

      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        {config.isPending && <LegalPageSkeleton />}
        {config.isError && <LegalPageError onRetry={() => void config.refetch()} isRetrying={config.isFetching} />}
        {event && (
          <div className="grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
            <TableOfContents sections={pageSections} />
            <article className={proseClasses}>
              {pageSections.map((section) => (
                <section
                  key={section.id}
                  id={section.id}
                  aria-labelledby={`${section.id}-heading`}
                  className="scroll-mt-24 border-b border-border pb-10 not-first:pt-10 last:border-b-0"
                >
                  <h2
                    id={`${section.id}-heading`}
                    className="font-display text-2xl font-semibold tracking-tight text-foreground"
                  >
                    {section.title}
                  </h2>
                  {section.content}
                </section>
              ))}
            </article>
          </div>
        )}
      </div>
    </>
  );
}

function TableOfContents({ sections }: { sections: LegalSection[] }) {
  if (sections.length < 2) return null;
  return (
    <nav
      aria-labelledby="legal-toc-heading"
      className="rounded-lg border border-border bg-card p-5 lg:sticky lg:top-24 lg:self-start lg:border-0 lg:bg-transparent lg:p-0"
    >
      <h2 id="legal-toc-heading" className="text-sm font-semibold tracking-wide text-foreground uppercase">
        On this page
      </h2>
      <ol className="mt-4 space-y-2 text-sm">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="text-muted-foreground underline-offset-4 transition-colors hover:text-foreground hover:underline"
            >
              {section.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function LegalPageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
      <span className="sr-only">Loading page…</span>
      <div className="hidden space-y-3 lg:block" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-4 w-40" />
        ))}
      </div>
      <div className="max-w-[68ch] space-y-10" aria-hidden="true">
        {Array.from({ length: 3 }, (_, index) => (
          <div key={index} className="space-y-3">
            <Skeleton className="h-7 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ))}
      </div>
    </div>
  );
}

function LegalPageError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div role="alert" className="max-w-[68ch] rounded-lg border border-border bg-card p-6">
      <div className="flex items-start gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div>
          <p className="font-semibold text-foreground">We couldn't load this page.</p>
          <p className="mt-1 text-muted-foreground">
            The event details did not arrive. Check your connection and try again.
          </p>
          <Button variant="outline" className="mt-4" onClick={onRetry} disabled={isRetrying}>
            <RefreshCw className={cn('size-4', isRetrying && 'animate-spin')} aria-hidden="true" />
            {isRetrying ? 'Retrying…' : 'Try again'}
          </Button>
        </div>
      </div>
    </div>
  );
}
