import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { primeCatalogue, type Catalogue } from '@/app/catalogue';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { PageHeadContext, type PageHead } from '@/hooks/use-document-title';
import { StaticRouter } from '@/lib/router';

// The prerenderer's entry (scripts/prerender.mjs): the same components as the browser's,
// rendered once per public page from the catalogue the page will carry.

export interface RenderedPage {
  /** The markup inside #root. */
  html: string;
  head: PageHead;
}

export async function render(url: string, catalogue: Catalogue): Promise<RenderedPage> {
  primeCatalogue(catalogue);
  const head: PageHead = {};
  const record = ({ title, description }: PageHead) => {
    if (title) head.title = title;
    if (description) head.description = description;
  };
  const { prelude } = await prerender(
    <StrictMode>
      <PageHeadContext value={record}>
        <StaticRouter location={url}>
          <AppProvider>
            <AppRoutes />
          </AppProvider>
        </StaticRouter>
      </PageHeadContext>
    </StrictMode>,
    // Every boundary inline: React would otherwise send large ones after the rest, with a
    // script to move them into place, which a page made ahead of time has no use for.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, head };
}
