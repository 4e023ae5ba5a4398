import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api-client';
import { useChangeStaff, useInvite, useStaff, type StaffMember } from '../api/staff';
import { Field } from '@/features/admin/shared/components/field';
import { formatTime } from '@/features/admin/shared/components/format';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { tableClasses } from '@/features/admin/shared/components/table-classes';
import { staffRoles, type StaffRole } from '@/features/admin/shell/roles';

const roleLabels: Record<StaffRole, string> = {
  owner: 'Owner: everything, and people',
  manager: 'Manager: orders, refunds, exports, codes, sponsors, emails',
  support: 'Support: read orders, resend emails, notes',
  door: 'Door: check-in and the pickup desk',
};

const statusLabels = { invited: 'Invited', active: 'Active', deactivated: 'Deactivated' } as const;

/** /admin/staff: the owner invites people with a role, changes roles and deactivates people. */
export function StaffPage() {
  const staff = useStaff();
  return (
    <Screen title="Staff" description="Everyone who can sign in to the back office, and what their role lets them do.">
      <InviteForm />
      {staff.data ? <StaffTable staff={staff.data} /> : <Loading error={staff.error} />}
    </Screen>
  );
}

function InviteForm() {
  const invite = useInvite();
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<StaffRole>('door');
  const fieldErrors = invite.error instanceof ApiError ? invite.error.fieldErrors : {};

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    invite.mutate(
      { email, name, role },
      {
        onSuccess: () => {
          setEmail('');
          setName('');
        },
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border bg-card p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Invite someone
      </h2>
      <form aria-label="Invite someone" className="grid gap-4 md:grid-cols-4 md:items-end" onSubmit={submit}>
        <Field id={`${id}-name`} label="Name" error={fieldErrors.name}>
          {(control) => <Input {...control} value={name} onChange={(event) => setName(event.target.value)} />}
        </Field>
        <Field id={`${id}-email`} label="Email" error={fieldErrors.email}>
          {(control) => (
            <Input {...control} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          )}
        </Field>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <NativeSelect id={`${id}-role`} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
            {staffRoles.map((value) => (
              <option key={value} value={value}>
                {roleLabels[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Inviting…' : 'Send invitation'}
        </Button>
      </form>
      {invite.error && Object.keys(fieldErrors).length === 0 && (
        <p role="alert" className="font-medium text-destructive">
          {invite.error.message}
        </p>
      )}
      {invite.data && (
        <div role="status" className="space-y-1 rounded-md bg-muted p-3 text-sm">
          <p>
            {invite.data.person.name} is invited as {invite.data.person.role}; the link is on its way to{' '}
            {invite.data.person.email}. It works once, for 48 hours:
          </p>
          <p className="font-mono break-all">{invite.data.invitationUrl}</p>
        </div>
      )}
    </section>
  );
}

function StaffTable({ staff }: { staff: StaffMember[] }) {
  const change = useChangeStaff();
  return (
    <div className="space-y-3">
      {change.error && (
        <p role="alert" className="font-medium text-destructive">
          {change.error.message}
        </p>
      )}
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Staff</caption>
          <thead>
            <tr>
              <th scope="col" className={tableClasses.head}>
                Name
              </th>
              <th scope="col" className={tableClasses.head}>
                Email
              </th>
              <th scope="col" className={tableClasses.head}>
                Role
              </th>
              <th scope="col" className={tableClasses.head}>
                Status
              </th>
              <th scope="col" className={tableClasses.head}>
                Added
              </th>
              <th scope="col" className={tableClasses.head}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((person) => (
              <tr key={person.id}>
                <td className={tableClasses.cell}>{person.name}</td>
                <td className={tableClasses.cell}>{person.email}</td>
                <td className={tableClasses.cell}>
                  <NativeSelect
                    aria-label={`Role of ${person.name}`}
                    value={person.role}
                    disabled={change.isPending}
                    onChange={(event) => change.mutate({ id: person.id, role: event.target.value as StaffRole })}
                  >
                    {staffRoles.map((value) => (
                      <option key={value} value={value}>
                        {value}
                      </option>
                    ))}
                  </NativeSelect>
                </td>
                <td className={tableClasses.cell}>{statusLabels[person.status]}</td>
                <td className={tableClasses.cell}>{formatTime(person.createdAt)}</td>
                <td className={tableClasses.cell}>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ id: person.id, active: person.status === 'deactivated' })}
                  >
                    {person.status === 'deactivated' ? `Reactivate ${person.name}` : `Deactivate ${person.name}`}
                  </Button>
                </td>
              </tr>
            ))}
            {staff.length === 0 && (
              <tr>
                <td colSpan={6} className={tableClasses.cell}>
                  Nobody has an account yet. Invite the crew above; the first owner's account is made when they sign in
                  with their email and the back office password.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
