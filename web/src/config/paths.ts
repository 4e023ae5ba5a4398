// Every route string of the app in one place; the server's list of app routes
// (server/src/web.rs) mirrors this so unknown paths answer 404.
export const paths = {
  home: '/',
  anchor: (id: 'about' | 'venue' | 'tickets' | 'merchandise' | 'register') => `/#${id}`,
  checkout: (ticketType: string) => `/checkout/${encodeURIComponent(ticketType)}`,
  checkoutRoute: '/checkout/:ticketType',
  merchandiseCheckout: (id: number) => `/merchandise-checkout/${id}`,
  merchandiseCheckoutRoute: '/merchandise-checkout/:id',
  merchandiseConfirmation: '/merchandise-confirmation',
  merchandiseSpecialPricing: (type: string) => `/merchandise/purchase.html?type=${encodeURIComponent(type)}`,
  sponsorship: '/sponsorship',
  sponsorPayment: '/sponsor-payment',
  sponsorConfirmation: '/sponsor-confirmation',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  codeOfConduct: '/code-of-conduct',
  pricingDetails: '/pricing-details',
  sitemap: '/sitemap',
  sitemapXml: '/sitemap.xml',
} as const;
