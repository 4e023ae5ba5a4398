import { useId, type FormEvent } from 'react';
import { useSearchParams } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { paths } from '@/config/paths';
import { useWaitlist } from '../api/waitlist';
import { DrawSection } from './draw-section';
import { formatTime, interestAreaLabels } from '@/features/admin/shared/components/format';
import { Pagination } from '@/features/admin/shared/components/pagination';
import { PresaleSection } from './presale-section';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';

export function WaitlistPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const waitlist = useWaitlist(search, page);
  const id = useId();

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    setParams(q ? { q } : {});
  }

  return (
    <Screen
      title="Waitlist"
      description="Who asked to hear from the conference, what interests them, whether they still want updates and confirmed their address (presale links and draws go only to those who did)."
      actions={
        <Button asChild variant="outline">
          <a href={paths.admin.exportFile('waitlist')} download>
            Download CSV
          </a>
        </Button>
      }
    >
      {waitlist.data ? (
        <div className="space-y-6">
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className="rounded-lg border border-border bg-card p-4">
              <dt className="text-sm text-muted-foreground">Registered</dt>
              <dd className="text-2xl font-bold">{waitlist.data.registered}</dd>
            </div>
            <div className="rounded-lg border border-border bg-card p-4">
              <dt className="text-sm text-muted-foreground">Want updates</dt>
              <dd className="text-2xl font-bold">{waitlist.data.subscribed}</dd>
            </div>
            <div className="rounded-lg border border-border bg-card p-4">
              <dt className="text-sm text-muted-foreground">Confirmed, get presales and draws</dt>
              <dd className="text-2xl font-bold">{waitlist.data.confirmed}</dd>
            </div>
          </dl>
          <section aria-labelledby={`${id}-interests`} className="rounded-lg border border-border bg-card p-4">
            <h2 id={`${id}-interests`} className="mb-3 font-semibold">
              Interests
            </h2>
            <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {waitlist.data.interests.map((interest) => (
                <li key={interest.value} className="flex justify-between gap-3 text-sm">
                  <span>{interest.label}</span>
                  <strong>{interest.count}</strong>
                </li>
              ))}
            </ul>
          </section>
          <PresaleSection interests={waitlist.data.interests} />
          <DrawSection interests={waitlist.data.interests} />
          <form
            role="search"
            aria-label="Find registrations"
            className="flex flex-wrap items-end gap-3"
            onSubmit={find}
            key={search}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-q`}>Name or email</Label>
              <Input id={`${id}-q`} name="q" type="search" defaultValue={search} className="w-72" />
            </div>
            <Button type="submit">Search</Button>
          </form>
          <div className={tableClasses.wrapper}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Waitlist registrations</caption>
              <thead>
                <tr>
                  {['Registered', 'Name', 'Email', 'Job title', 'Interests', 'Updates', 'Confirmed'].map((heading) => (
                    <th key={heading} scope="col" className={tableClasses.head}>
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {waitlist.data.items.map((registration) => (
                  <tr key={registration.email}>
                    <td className={tableClasses.cell}>{formatTime(registration.registeredAt)}</td>
                    <td className={tableClasses.cell}>{registration.fullName}</td>
                    <td className={tableClasses.cell}>{registration.email}</td>
                    <td className={tableClasses.cell}>{registration.jobTitle ?? ''}</td>
                    <td className={tableClasses.cell}>
                      {interestAreaLabels(registration.interestAreas, waitlist.data.interests, '')}
                    </td>
                    <td className={tableClasses.cell}>{registration.subscribed ? 'Yes' : 'No'}</td>
                    <td className={tableClasses.cell}>{registration.confirmed ? 'Yes' : 'No'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={waitlist.data.page}
            pageSize={waitlist.data.pageSize}
            total={waitlist.data.total}
            noun="registrations"
            onPage={(next) => setParams(search ? { q: search, page: String(next) } : { page: String(next) })}
          />
        </div>
      ) : (
        <Loading error={waitlist.error} />
      )}
    </Screen>
  );
}
