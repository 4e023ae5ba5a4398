import type { ReactNode } from 'react';
import { Link, NavLink } from '@/lib/router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSignOut } from '../api/session';
import { backOfficePaths } from '../paths';
import { canSee, type AdminScreen, type StaffRole } from '../roles';

const screens: { to: string; label: string; end: boolean; screen: AdminScreen; reloadDocument?: true }[] = [
  { to: paths.admin.dashboard, label: 'Dashboard', end: true, screen: 'dashboard' },
  { to: paths.admin.orders, label: 'Orders', end: false, screen: 'orders' },
  // A page load of its own: the server lets only this page use the camera.
  { to: paths.admin.checkIn, label: 'Check-in', end: false, screen: 'checkIn', reloadDocument: true },
  { to: paths.admin.pickup, label: 'Pickup desk', end: false, screen: 'pickup' },
  { to: backOfficePaths.badges, label: 'Badges', end: false, screen: 'badges' },
  { to: paths.admin.emails, label: 'Emails', end: false, screen: 'emails' },
  { to: paths.admin.messages, label: 'Messages', end: false, screen: 'messages' },
  { to: paths.admin.waitlist, label: 'Waitlist', end: false, screen: 'waitlist' },
  { to: paths.admin.waitingList, label: 'Waiting list', end: false, screen: 'waitingList' },
  { to: paths.admin.sponsorships, label: 'Sponsorships', end: false, screen: 'sponsorships' },
  { to: paths.admin.programme, label: 'Programme', end: false, screen: 'programme' },
  { to: paths.admin.workshops, label: 'Workshops', end: false, screen: 'workshops' },
  { to: paths.admin.codes, label: 'Codes', end: false, screen: 'codes' },
  { to: paths.admin.invoices, label: 'Invoices', end: false, screen: 'invoices' },
  { to: paths.admin.exports, label: 'Exports', end: false, screen: 'exports' },
  { to: paths.admin.privacy, label: 'Privacy', end: false, screen: 'privacy' },
  { to: paths.admin.staff, label: 'Staff', end: false, screen: 'staff' },
];

/** The back office's frame: its own header and the navigation of what `role` may see. */
export function AdminLayout({ name, role, children }: { name: string; role: StaffRole; children: ReactNode }) {
  const signOut = useSignOut();
  return (
    <div className="min-h-dvh bg-muted">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-card focus:p-2"
      >
        Skip to content
      </a>
      <header className="bg-night text-night-foreground print:hidden">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <Link to={paths.admin.dashboard} className="font-display text-lg font-bold">
            Back office
          </Link>
          <div className="flex items-center gap-3 text-sm">
            <span>
              Signed in as <strong>{name}</strong>
            </span>
            <span className="rounded-full border border-night-foreground/40 px-2 py-0.5 text-xs">{role}</span>
            <Button
              size="sm"
              variant="outline"
              className="border-night-foreground/40 bg-transparent text-night-foreground hover:bg-night-foreground/10"
              disabled={signOut.isPending}
              onClick={() => signOut.mutate()}
            >
              Sign out
            </Button>
          </div>
        </div>
        <nav aria-label="Back office" className="mx-auto max-w-7xl overflow-x-auto px-2 sm:px-4">
          <ul className="flex gap-1">
            {screens
              .filter((screen) => canSee(role, screen.screen))
              .map((screen) => (
                <li key={screen.to}>
                  <NavLink
                    to={screen.to}
                    end={screen.end}
                    reloadDocument={screen.reloadDocument}
                    className={({ isActive }) =>
                      cn(
                        'block rounded-t-md px-3 py-2 text-sm font-medium whitespace-nowrap',
                        isActive ? 'bg-muted text-foreground' : 'text-night-foreground/85 hover:text-night-foreground',
                      )
                    }
                  >
                    {screen.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      </header>
      <main id="admin-main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  );
}
