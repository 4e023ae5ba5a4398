import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { DownloadIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { config } from '@/features/config/api/get-config';
import { saveFile } from '@/lib/save-file';
import { fetchCertificate } from '../api/ticket-files';

/**
 * The certificate of attendance, offered once the event has ended for a ticket that was checked in;
 * when the server still refuses it (409), its reason shows under the button. `of`, on the buyer's
 * page, tells one ticket's button from another's.
 */
export function CertificateButton({
  ticketId,
  code,
  checkedInAt,
  token,
  of,
}: {
  ticketId: string;
  code: string;
  checkedInAt: number | null | undefined;
  token: string;
  of?: string;
}) {
  const errorId = useId();
  // When the page was opened: a page left open as the event ends offers the certificate once reloaded.
  const [openedAt] = useState(Date.now);
  // The event's end matters only for a ticket that came through the door: no request for the others.
  const endsAt = config.use({ enabled: Boolean(checkedInAt) }).data?.event.endsAt;
  const certificate = useMutation({
    mutationFn: async () => saveFile(await fetchCertificate(token, ticketId), `certificate-${code}.pdf`),
  });
  if (!checkedInAt || endsAt === undefined || openedAt < Date.parse(endsAt)) return null;

  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        size="sm"
        disabled={certificate.isPending}
        aria-label={of ? `Download certificate of attendance (${of})` : undefined}
        aria-describedby={certificate.error ? errorId : undefined}
        onClick={() => certificate.mutate()}
      >
        {certificate.isPending ? <Spinner className="size-4 border-2" /> : <DownloadIcon aria-hidden="true" />}
        Download certificate of attendance
      </Button>
      {certificate.error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {certificate.error.message}
        </p>
      )}
    </div>
  );
}
