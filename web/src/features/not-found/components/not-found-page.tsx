import { AlertCircleIcon } from '@/components/icons';
import { Link } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TITLE = '404 Page Not Found';

export function NotFoundPage() {
  useDocumentTitle(TITLE);
  return (
    <div className="flex min-h-[70vh] items-center justify-center bg-muted px-4 py-16">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-start gap-4 pt-6">
          <div className="flex items-center gap-3">
            <span className="flex size-11 items-center justify-center rounded-full bg-accent">
              <AlertCircleIcon className="size-6 text-destructive" aria-hidden="true" />
            </span>
            <h1 className="font-display text-2xl font-bold">{TITLE}</h1>
          </div>
          <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
          <Button asChild variant="outline">
            <Link to={paths.home}>Return to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
