import { Route, Routes } from '@/lib/router';
import { useAdminAccess, useSignInWhenSessionEnds } from '../api/session';
import { AdminLayout } from './admin-layout';
import { BackOfficeClosed } from './back-office-closed';
import { CheckInPage } from './check-in-page';
import { CodesPage } from './codes-page';
import { DashboardPage } from './dashboard-page';
import { EmailsPage } from './emails-page';
import { ExportsPage } from './exports-page';
import { InvoicesPage } from './invoices-page';
import { OrderPage } from './order-page';
import { OrdersPage } from './orders-page';
import { PickListPage } from './pick-list-page';
import { PickupPage } from './pickup-page';
import { Loading, Screen } from './screen';
import { SignInPage } from './sign-in-page';
import { SponsorshipsPage } from './sponsorships-page';
import { WaitlistPage } from './waitlist-page';

/** /admin/*: the organizer's back office, loaded only by those who open it. */
export function AdminApp() {
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

  return (
    <AdminLayout name={access.data.name}>
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="orders/:id" element={<OrderPage />} />
        <Route path="emails" element={<EmailsPage />} />
        <Route path="waitlist" element={<WaitlistPage />} />
        <Route path="sponsorships" element={<SponsorshipsPage />} />
        <Route path="codes" element={<CodesPage />} />
        <Route path="invoices" element={<InvoicesPage />} />
        <Route path="exports" element={<ExportsPage />} />
        <Route path="check-in" element={<CheckInPage />} />
        <Route path="pickup" element={<PickupPage />} />
        <Route path="pick-list" element={<PickListPage />} />
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
