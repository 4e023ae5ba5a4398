import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { saveFile } from '@/lib/save-file';
import type { MyTickets } from '../api/my-tickets';
import { fetchApplePass, fetchGoogleSaveLink } from '../api/ticket-files';

/** Goes to the Google Wallet link in this tab, as a link the holder clicked would. */
function follow(url: string) {
  const link = document.createElement('a');
  link.href = url;
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * A ticket's wallet passes, in the wallets' own words (plain buttons: their badge images would come
 * from elsewhere); nothing when the site offers neither wallet. `of`, on the buyer's page, tells one
 * ticket's buttons from another's ("ticket 2 of 3").
 */
export function WalletButtons({
  ticketId,
  code,
  wallet,
  token,
  of,
}: {
  ticketId: string;
  code: string;
  wallet: MyTickets['wallet'];
  token: string;
  of?: string;
}) {
  const errorId = useId();
  const apple = useMutation({
    mutationFn: async () => saveFile(await fetchApplePass(token, ticketId), `${code}.pkpass`),
  });
  const google = useMutation({
    mutationFn: async () => follow(await fetchGoogleSaveLink(token, ticketId)),
  });
  if (!wallet.apple && !wallet.google) return null;
  const failure = apple.error ?? google.error;
  const named = (action: string) => (of ? `${action} (${of})` : undefined);

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        {wallet.apple && (
          <Button
            variant="outline"
            size="sm"
            disabled={apple.isPending}
            aria-label={named('Add to Apple Wallet')}
            aria-describedby={failure ? errorId : undefined}
            onClick={() => {
              google.reset();
              apple.mutate();
            }}
          >
            {apple.isPending && <Spinner className="size-4 border-2" />}
            Add to Apple Wallet
          </Button>
        )}
        {wallet.google && (
          <Button
            variant="outline"
            size="sm"
            disabled={google.isPending}
            aria-label={named('Save to Google Wallet')}
            aria-describedby={failure ? errorId : undefined}
            onClick={() => {
              apple.reset();
              google.mutate();
            }}
          >
            {google.isPending && <Spinner className="size-4 border-2" />}
            Save to Google Wallet
          </Button>
        )}
      </div>
      {failure && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {failure.message}
        </p>
      )}
    </div>
  );
}
