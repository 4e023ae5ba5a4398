import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { forgetTicketLink, rememberTicketLink } from '../ticket-link';

/**
 * Keeps the link this page was opened with in this browser, so that a session's page can reserve a seat with it,
 * and says so, with a way to forget it (on a shared computer, say).
 */
export function RememberedLink({ token }: { token: string }) {
  const [forgotten, setForgotten] = useState(false);
  useEffect(() => rememberTicketLink(token), [token]);
  return (
    <p className="text-sm text-muted-foreground">
      {forgotten ? (
        'This browser no longer keeps the link: a session’s page will ask for it.'
      ) : (
        <>
          This browser keeps this link, so that you can reserve workshop seats from a session’s page.{' '}
          <Button
            variant="link"
            className="h-auto p-0 text-sm"
            onClick={() => {
              forgetTicketLink();
              setForgotten(true);
            }}
          >
            Forget it on this browser
          </Button>
        </>
      )}
    </p>
  );
}
