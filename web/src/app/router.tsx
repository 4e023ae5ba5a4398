import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@/lib/router';
import { SiteLayout } from '@/components/layout/site-layout';
import { paths } from '@/config/paths';
import { HomePage } from '@/features/home/components/home-page';

/** A page that loads on demand. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** A page that loads on demand with the query library it uses for its calls: the landing page carries neither. */
function queryingPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => {
    const [module, { withQueryClient }] = await Promise.all([load(), import('@/lib/query-client')]);
    return { default: withQueryClient(module[name]) };
  });
}

// Everything but the landing page loads on demand, keeping the JavaScript for '/' small.
const SponsorshipPage = page(() => import('@/features/sponsorship/components/sponsorship-page'), 'SponsorshipPage');
// Stripe's libraries are imported only from the payment routes' module trees.
const CheckoutPage = queryingPage(() => import('@/features/checkout/components/checkout-page'), 'CheckoutPage');
const MerchandiseCheckoutPage = queryingPage(
  () => import('@/features/merchandise-checkout/components/merchandise-checkout-page'),
  'MerchandiseCheckoutPage',
);
const MerchandiseConfirmationPage = queryingPage(
  () => import('@/features/merchandise-checkout/components/merchandise-confirmation-page'),
  'MerchandiseConfirmationPage',
);
const SponsorPaymentPage = queryingPage(
  () => import('@/features/sponsor-payment/components/sponsor-payment-page'),
  'SponsorPaymentPage',
);
const SponsorConfirmationPage = queryingPage(
  () => import('@/features/sponsor-payment/components/sponsor-confirmation-page'),
  'SponsorConfirmationPage',
);
const PrivacyPolicyPage = page(() => import('@/features/legal/components/privacy-policy-page'), 'PrivacyPolicyPage');
const TermsOfServicePage = page(
  () => import('@/features/legal/components/terms-of-service-page'),
  'TermsOfServicePage',
);
const CodeOfConductPage = page(() => import('@/features/legal/components/code-of-conduct-page'), 'CodeOfConductPage');
const PricingDetailsPage = page(() => import('@/features/legal/components/pricing-details-page'), 'PricingDetailsPage');
const MyTicketsPage = queryingPage(() => import('@/features/my-tickets/components/my-tickets-page'), 'MyTicketsPage');
const SponsorPage = queryingPage(() => import('@/features/sponsor-page/components/sponsor-page'), 'SponsorPage');
// The back office is its own module tree: visitors never download it.
const AdminApp = queryingPage(() => import('@/features/admin/shell/components/admin-app'), 'AdminApp');
const NotFoundPage = page(() => import('@/features/not-found/components/not-found-page'), 'NotFoundPage');
// The programme's pages are the server's HTML: one component keeps or fetches it and brings it to life.
const ProgrammePage = page(() => import('@/features/programme/components/programme-page'), 'ProgrammePage');
const SitemapPage = page(() => import('@/features/legal/components/sitemap-page'), 'SitemapPage');

/** The app's routes, without a router, so a static router can render them for prerendering. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.admin.route}
        element={
          <Suspense fallback={null}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route element={<SiteLayout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.checkoutRoute} element={<CheckoutPage />} />
        <Route path={paths.merchandiseCheckoutRoute} element={<MerchandiseCheckoutPage />} />
        <Route path={paths.merchandiseConfirmation} element={<MerchandiseConfirmationPage />} />
        <Route path={paths.sponsorship} element={<SponsorshipPage />} />
        <Route path={paths.sponsorPayment} element={<SponsorPaymentPage />} />
        <Route path={paths.sponsorConfirmation} element={<SponsorConfirmationPage />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
        <Route path={paths.termsOfService} element={<TermsOfServicePage />} />
        <Route path={paths.codeOfConduct} element={<CodeOfConductPage />} />
        <Route path={paths.pricingDetails} element={<PricingDetailsPage />} />
        <Route path={paths.sitemap} element={<SitemapPage />} />
        <Route path={paths.myTickets} element={<MyTicketsPage />} />
        <Route path={paths.sponsorPage} element={<SponsorPage />} />
        {[
          paths.schedule,
          paths.scheduleChanges,
          paths.sessionRoute,
          paths.speakers,
          paths.speakerRoute,
          paths.mySchedule,
        ].map((path) => (
          <Route key={path} path={path} element={<ProgrammePage />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
