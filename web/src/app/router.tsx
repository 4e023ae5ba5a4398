import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { SiteLayout } from '@/components/layout/site-layout';
import { paths } from '@/config/paths';
import { HomePage } from '@/features/home/components/home-page';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';

// Everything but the landing page loads on demand, keeping the JavaScript for '/' small.
const SponsorshipPage = lazy(() =>
  import('@/features/sponsorship/components/sponsorship-page').then((m) => ({ default: m.SponsorshipPage })),
);
// Stripe's libraries are imported only from the payment routes' module trees.
const CheckoutPage = lazy(() =>
  import('@/features/checkout/components/checkout-page').then((m) => ({ default: m.CheckoutPage })),
);
const MerchandiseCheckoutPage = lazy(() =>
  import('@/features/merchandise-checkout/components/merchandise-checkout-page').then((m) => ({
    default: m.MerchandiseCheckoutPage,
  })),
);
const MerchandiseConfirmationPage = lazy(() =>
  import('@/features/merchandise-checkout/components/merchandise-confirmation-page').then((m) => ({
    default: m.MerchandiseConfirmationPage,
  })),
);
const SponsorPaymentPage = lazy(() =>
  import('@/features/sponsor-payment/components/sponsor-payment-page').then((m) => ({
    default: m.SponsorPaymentPage,
  })),
);
const SponsorConfirmationPage = lazy(() =>
  import('@/features/sponsor-payment/components/sponsor-confirmation-page').then((m) => ({
    default: m.SponsorConfirmationPage,
  })),
);
const PrivacyPolicyPage = lazy(() =>
  import('@/features/legal/components/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfServicePage = lazy(() =>
  import('@/features/legal/components/terms-of-service-page').then((m) => ({ default: m.TermsOfServicePage })),
);
const CodeOfConductPage = lazy(() =>
  import('@/features/legal/components/code-of-conduct-page').then((m) => ({ default: m.CodeOfConductPage })),
);
const PricingDetailsPage = lazy(() =>
  import('@/features/legal/components/pricing-details-page').then((m) => ({ default: m.PricingDetailsPage })),
);
const SitemapPage = lazy(() =>
  import('@/features/legal/components/sitemap-page').then((m) => ({ default: m.SitemapPage })),
);

/** The app's routes, without a router, so a static router can render them for prerendering. */
export function AppRoutes() {
  return (
    <Routes>
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
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
