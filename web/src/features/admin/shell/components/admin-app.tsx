import { useEffect, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { Route, Routes, useLocation } from '@/lib/router';
import { useAdminAccess, useSignInWhenSessionEnds } from '../api/session';
import { canSee, type AdminScreen, type StaffRole } from '../roles';
import { AdminLayout } from './admin-layout';
import { BackOfficeClosed } from './back-office-closed';
import { BadgesPage } from '@/features/admin/badges/components/badges-page';
import { CheckInPage } from '@/features/admin/door/components/check-in-page';
import { CodesPage } from '@/features/admin/codes/components/codes-page';
import { DashboardPage } from '@/features/admin/dashboard/components/dashboard-page';
import { EmailsPage } from '@/features/admin/emails/components/emails-page';
import { ExportsPage } from '@/features/admin/exports/components/exports-page';
import { InvitationPage } from './invitation-page';
import { InvoicesPage } from '@/features/admin/invoices/components/invoices-page';
import { MessagesPage } from '@/features/admin/messages/components/messages-page';
import { OrderPage } from '@/features/admin/orders/components/order-page';
import { OrdersPage } from '@/features/admin/orders/components/orders-page';
import { PickListPage } from '@/features/admin/door/components/pick-list-page';
import { PickupPage } from '@/features/admin/door/components/pickup-page';
import { PrivacyPage } from '@/features/admin/privacy/components/privacy-page';
import { ProgrammePage } from '@/features/admin/programme/components/programme-page';
import { Loading, Screen } from '@/features/admin/shared/components/screen';
import { SignInPage } from './sign-in-page';
import { WorkshopPage } from '@/features/admin/seats/components/workshop-page';
import { WorkshopsPage } from '@/features/admin/seats/components/workshops-page';
import { SponsorshipsPage } from '@/features/admin/sponsorships/components/sponsorships-page';
import { StaffPage } from '@/features/admin/staff/components/staff-page';
import { WaitingListPage } from '@/features/admin/waiting-list/components/waiting-list-page';
import { WaitlistPage } from '@/features/admin/waitlist/components/waitlist-page';

/** /admin/*: the organizer's back office, loaded only by those who open it. */
export function AdminApp() {
  const { pathname } = useLocation();
  // An invitation is opened before its person has a password: no session to ask for.
  if (pathname === paths.admin.invitation) return <InvitationPage />;
  return <SignedInBackOffice />;
}

function SignedInBackOffice() {
  const access = useAdminAccess();
  useSignInWhenSessionEnds();

  if (!access.data) {
    return (
      <main className="mx-auto max-w-md p-6">
        <Loading error={access.error} />
      </main>
    );
  }
  if (access.data.state === 'disabled') return <BackOfficeClosed message={access.data.message} />;
  if (access.data.state === 'sign-in') return <SignInPage notice={access.data.notice} />;

  const { role } = access.data;
  const allowed = (screen: AdminScreen, page: ReactNode) => (canSee(role, screen) ? page : <NotYourRole role={role} />);
  return (
    <AdminLayout name={access.data.name} role={role}>
      <Routes>
        <Route index element={role === 'door' ? <DoorStart /> : allowed('dashboard', <DashboardPage />)} />
        <Route path="orders" element={allowed('orders', <OrdersPage />)} />
        <Route path="orders/:id" element={allowed('orders', <OrderPage role={role} />)} />
        <Route path="emails" element={allowed('emails', <EmailsPage />)} />
        <Route path="waitlist" element={allowed('waitlist', <WaitlistPage />)} />
        <Route path="waiting-list" element={allowed('waitingList', <WaitingListPage />)} />
        <Route path="sponsorships" element={allowed('sponsorships', <SponsorshipsPage />)} />
        <Route path="codes" element={allowed('codes', <CodesPage />)} />
        <Route path="invoices" element={allowed('invoices', <InvoicesPage />)} />
        <Route path="exports" element={allowed('exports', <ExportsPage />)} />
        <Route path="programme" element={allowed('programme', <ProgrammePage role={role} />)} />
        <Route path="workshops" element={allowed('workshops', <WorkshopsPage role={role} />)} />
        <Route path="workshops/:slug" element={allowed('workshops', <WorkshopPage role={role} />)} />
        <Route path="messages" element={allowed('messages', <MessagesPage role={role} />)} />
        <Route path="privacy" element={allowed('privacy', <PrivacyPage role={role} />)} />
        <Route path="staff" element={allowed('staff', <StaffPage />)} />
        <Route path="check-in" element={allowed('checkIn', <CheckInPage />)} />
        <Route path="pickup" element={allowed('pickup', <PickupPage />)} />
        <Route path="pick-list" element={allowed('pickList', <PickListPage />)} />
        <Route path="badges" element={allowed('badges', <BadgesPage />)} />
        <Route
          path="*"
          element={
            <Screen title="Not found" description="There is no such screen in the back office.">
              {null}
            </Screen>
          }
        />
      </Routes>
    </AdminLayout>
  );
}

function NotYourRole({ role }: { role: StaffRole }) {
  return (
    <Screen title="Not for your role" description={`Your role (${role}) does not include this screen.`}>
      {null}
    </Screen>
  );
}

/** The door's start: the check-in screen, loaded as a page of its own (it may use the camera). */
function DoorStart() {
  useEffect(() => window.location.replace(paths.admin.checkIn), []);
  return <Loading />;
}
