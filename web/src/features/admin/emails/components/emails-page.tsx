import { Link, useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { cn } from '@/lib/cn';
import { useEmails, useRetryEmail } from '../api/emails';
import { emailKindLabels, formatTime } from '@/features/admin/shared/components/format';
import { Pagination } from '@/features/admin/shared/components/pagination';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';
import { StatusBadge } from '@/features/admin/shared/components/status-badge';

const filters = [
  { status: '', label: 'All' },
  { status: 'queued', label: 'Queued' },
  { status: 'sent', label: 'Sent' },
  { status: 'failed', label: 'Failed' },
  { status: 'cancelled', label: 'Cancelled' },
];

export function EmailsPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const emails = useEmails(status, page);
  const retry = useRetryEmail();

  return (
    <Screen
      title="Emails"
      description="Every email the site sends, with its attempts. A failed email can be sent again once the cause is fixed."
    >
      <nav aria-label="Email status" className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Link
            key={filter.status}
            to={filter.status ? `${paths.admin.emails}?status=${filter.status}` : paths.admin.emails}
            aria-current={filter.status === status ? 'page' : undefined}
            className={cn(
              'rounded-full border border-border px-3 py-1 text-sm font-medium',
              filter.status === status ? 'bg-night text-night-foreground' : 'bg-card hover:bg-muted',
            )}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {emails.data ? (
        <div className="space-y-4">
          {emails.data.items.length === 0 ? (
            <p className="text-muted-foreground">No emails.</p>
          ) : (
            <div className={tableClasses.wrapper}>
              <table className={tableClasses.table}>
                <caption className="sr-only">Emails</caption>
                <thead>
                  <tr>
                    {['Queued', 'Email', 'To', 'Status', 'Attempts', 'Last error', ''].map((heading, index) => (
                      <th key={heading || index} scope="col" className={tableClasses.head}>
                        {heading || <span className="sr-only">Actions</span>}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {emails.data.items.map((email) => (
                    <tr key={email.id}>
                      <td className={tableClasses.cell}>{formatTime(email.createdAt)}</td>
                      <td className={tableClasses.cell}>
                        {emailKindLabels[email.kind] ?? email.kind}
                        {email.kind === 'order_confirmation' && (
                          <Link to={paths.admin.order(email.subjectId)} className="block text-secondary underline">
                            Open the order
                          </Link>
                        )}
                      </td>
                      <td className={tableClasses.cell}>{email.recipient}</td>
                      <td className={tableClasses.cell}>
                        <StatusBadge status={email.status} />
                        {email.sentAt && <div className="text-muted-foreground">{formatTime(email.sentAt)}</div>}
                      </td>
                      <td className={tableClasses.cell}>{email.attempts}</td>
                      <td className={cn(tableClasses.cell, 'max-w-xs whitespace-normal')}>{email.lastError ?? ''}</td>
                      <td className={tableClasses.cell}>
                        {email.status === 'failed' && (
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Retry the email to ${email.recipient}`}
                            disabled={retry.isPending}
                            onClick={() =>
                              retry.mutate(email.id, {
                                onSuccess: () =>
                                  toast({
                                    title: 'Queued again',
                                    description: `The email to ${email.recipient} goes out shortly.`,
                                  }),
                                onError: (error) =>
                                  toast({ title: 'Not queued', description: error.message, variant: 'destructive' }),
                              })
                            }
                          >
                            Retry
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pagination
            page={emails.data.page}
            pageSize={emails.data.pageSize}
            total={emails.data.total}
            noun="emails"
            onPage={(next) => setParams(status ? { status, page: String(next) } : { page: String(next) })}
          />
        </div>
      ) : (
        <Loading error={emails.error} />
      )}
    </Screen>
  );
}
