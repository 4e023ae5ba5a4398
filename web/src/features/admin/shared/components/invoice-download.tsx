import { DownloadIcon } from '@/components/icons';
import type { InvoiceKind } from '../api/schemas';
import { downloadLabel } from './format';

/** A document's PDF: a plain link, as the session cookie opens it and the server names the file. */
export function InvoiceDownload({ document }: { document: { kind: InvoiceKind; number: string; url: string } }) {
  return (
    <a
      href={document.url}
      download
      aria-label={downloadLabel(document)}
      className="inline-flex items-center gap-1 font-semibold whitespace-nowrap text-secondary underline"
    >
      <DownloadIcon className="size-4" aria-hidden="true" /> Download PDF
    </a>
  );
}
