import { screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CodeOfConductPage } from './code-of-conduct-page';
import { PricingDetailsPage } from './pricing-details-page';
import { PrivacyPolicyPage } from './privacy-policy-page';
import { SitemapPage } from './sitemap-page';
import { TermsOfServicePage } from './terms-of-service-page';
import { sandboxConfig } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

function renderWithConfig(page: ReactElement, response: () => Response = () => Response.json(sandboxConfig)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response()),
  );
  renderWithProviders(page);
}

describe('legal pages', () => {
  it('privacy policy names what is collected, Stripe and the last update', async () => {
    renderWithConfig(<PrivacyPolicyPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('March 29, 2025')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment card data' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'On this page' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'hello@codewave.events' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Privacy Policy | CodeWave Miami 2026'));
  });

  it('terms of service state the refund tiers, transfers and Florida law', async () => {
    renderWithConfig(<TermsOfServicePage />);

    const refunds = await screen.findByRole('region', { name: 'Cancellations and refunds' });
    expect(refunds).toHaveTextContent('a full refund if you cancel on or before March 18, 2026');
    expect(refunds).toHaveTextContent('a 50% refund if you cancel from March 19, 2026 to April 18, 2026');
    expect(refunds).toHaveTextContent('no refund if you cancel on or after April 19, 2026');
    expect(screen.getByRole('region', { name: 'Ticket transfers' })).toHaveTextContent('until May 11, 2026');
    expect(screen.getByRole('region', { name: 'Governing law' })).toHaveTextContent('laws of the State of Florida');
    expect(screen.getByText('March 29, 2025')).toBeInTheDocument();
  });

  it('code of conduct offers a report button that emails the organizers', async () => {
    renderWithConfig(<CodeOfConductPage />);

    const buttons = await screen.findAllByRole('link', { name: 'Report an Incident' });
    expect(buttons.length).toBeGreaterThan(0);
    const href = buttons[0].getAttribute('href') ?? '';
    expect(href.startsWith('mailto:hello@codewave.events?subject=Code%20of%20Conduct%20incident%20report')).toBe(true);
    expect(screen.getByRole('region', { name: 'Where it applies' })).toHaveTextContent('afterparty');
  });

  it('pricing details list every pass price and link back to the tickets', async () => {
    renderWithConfig(<PricingDetailsPage />);

    const table = await screen.findByRole('table', { name: 'Pass prices by purchase period, in US dollars' });
    for (const figure of ['$799', '$999', '$1,199', '$1,299', '$1,599', '$1,899', '$699', '$899', '$1,099']) {
      expect(table).toHaveTextContent(figure);
    }
    expect(screen.getByRole('region', { name: 'Ticket pricing' })).toHaveTextContent(
      'until December 31, 2025 or while supplies last',
    );
    expect(screen.getByRole('region', { name: 'Team discounts' })).toHaveTextContent('An extra 15%');
    expect(screen.getByRole('link', { name: 'Back to tickets' })).toHaveAttribute('href', '/#tickets');
  });

  it('sitemap links every page, the home page anchors and the XML sitemap', async () => {
    renderWithConfig(<SitemapPage />);

    expect(await screen.findByRole('link', { name: 'Sponsorship' })).toHaveAttribute('href', '/sponsorship');
    for (const anchor of ['about', 'venue', 'tickets', 'merchandise', 'register']) {
      expect(screen.getByRole('link', { name: new RegExp(`^${anchor}$`, 'i') })).toHaveAttribute('href', `/#${anchor}`);
    }
    expect(screen.getByRole('link', { name: '/sitemap.xml' })).toHaveAttribute('href', '/sitemap.xml');
  });

  it('offers a retry when the event details fail to load', async () => {
    renderWithConfig(<PrivacyPolicyPage />, () => Response.json({ message: 'Unavailable.' }, { status: 503 }));

    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load this page.");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
