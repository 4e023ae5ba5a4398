import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Every back-office screen: its title (also the document's), a line on what it is for, and its content. */
export function Screen({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(`${title} | Back office`);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="font-display text-2xl font-bold sm:text-3xl">{title}</h1>
          {description && <p className="text-muted-foreground">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </div>
  );
}

/** While a screen's data loads, or when it could not. */
export function Loading({ error }: { error?: unknown }) {
  if (error) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-red-50 p-4 text-destructive">
        {error instanceof Error ? error.message : 'This could not be loaded.'} Please reload the page.
      </p>
    );
  }
  return (
    <div role="status" className="flex items-center gap-3 text-muted-foreground">
      <Spinner className="size-5" /> Loading…
    </div>
  );
}
