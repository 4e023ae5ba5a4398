import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCountries } from '@/test/countries';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { routeRequests, sandboxConfig } from '@/test/fixtures';
import { findToast, renderWithProviders } from '@/test/render';
import type { OrderProof } from '@/lib/api/my-order';
import { OrderInvoices } from './order-invoices';

const invoice = {
  number: 'CW2026-00001',
  kind: 'invoice',
  total: 1328100,
  // 06:00 UTC, still November 24 at the venue (New York)
  issuedAt: 1795500000000,
  url: '/api/my-order/invoices/CW2026-00001',
};

const acme = {
  company: 'Acme Inc.',
  address: '1 Ocean Drive',
  city: 'Miami Beach',
  region: 'FL',
  postalCode: '33139',
  country: 'US',
};

const order = {
  reference: 'CW-7K3P9QXM',
  kind: 'merchandise',
  status: 'paid',
  billing: acme,
  canCorrectBilling: true,
  correctBillingUntil: '2026-12-24',
  billingCorrectedAt: null,
  invoices: [invoice],
};

// 00:53 UTC on November 30: still November 29 at the venue
const CORRECTED_AT = 1796000000000;

const corrected = {
  ...order,
  billing: { ...acme, city: 'Miami' },
  canCorrectBilling: false,
  billingCorrectedAt: CORRECTED_AT,
  invoices: [
    invoice,
    {
      number: 'CW2026-00002',
      kind: 'credit_note',
      total: -1328100,
      issuedAt: CORRECTED_AT,
      url: '/api/my-order/invoices/CW2026-00002',
    },
    { ...invoice, number: 'CW2026-00003', issuedAt: CORRECTED_AT, url: '/api/my-order/invoices/CW2026-00003' },
  ],
};

const buyer: OrderProof = { paymentIntent: 'pi_sandbox_abc', clientSecret: 'pi_sandbox_abc_secret_xyz' };

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(overrides: Record<string, Handler> = {}) {
  return mockFetch(
    routeRequests({
      '/api/config': () => jsonResponse(sandboxConfig),
      '/api/countries': () => jsonResponse(testCountries),
      '/api/my-order': () => jsonResponse(order),
      '/api/my-order/billing': () => jsonResponse(corrected),
      '/api/my-order/invoices/CW2026-00001': () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-CW2026-00001.pdf"',
          },
        }),
      ...overrides,
    }),
  );
}

function renderInvoices(proof: OrderProof = buyer) {
  return renderWithProviders(
    <main>
      <OrderInvoices proof={proof} />
    </main>,
  );
}

type FetchSpy = ReturnType<typeof serve>;

/** The headers of each call to `url`, in order. */
function headersSentTo(fetchSpy: FetchSpy, url: string): Headers[] {
  return fetchSpy.mock.calls.filter(([input]) => input === url).map(([, init]) => new Headers(init?.headers));
}

const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('the buyer’s invoices', () => {
  it('lists each document with its total and the day it was issued at the venue', async () => {
    const fetchSpy = serve({ '/api/my-order': () => jsonResponse(corrected) });
    renderInvoices();

    const section = await screen.findByRole('region', { name: 'Invoices' });
    expect(await within(section).findByText('Invoice CW2026-00001 · $13,281.00 · November 24, 2026')).toBeVisible();
    expect(within(section).getByText('Credit note CW2026-00002 · -$13,281.00 · November 29, 2026')).toBeVisible();
    expect(within(section).getByText('Invoice CW2026-00003 · $13,281.00 · November 29, 2026')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Download credit note CW2026-00002' })).toBeEnabled();
    expect(within(section).getByText('Billing details were corrected on November 29, 2026.')).toBeVisible();
    expect(within(section).queryByRole('button', { name: 'Correct billing details' })).not.toBeInTheDocument();

    const [sent] = headersSentTo(fetchSpy, '/api/my-order');
    expect(sent.get('X-Payment-Intent')).toBe('pi_sandbox_abc');
    expect(sent.get('X-Client-Secret')).toBe('pi_sandbox_abc_secret_xyz');
    expect(sent.get('X-Manage-Token')).toBeNull();
  });

  it('shows nothing when the link opens no order of the buyer’s', async () => {
    const fetchSpy = serve({
      '/api/my-order': () => jsonResponse({ message: 'This link does not open any order.' }, 404),
    });
    const { container, queryClient } = renderInvoices({ manageToken: 'holder-secret' });

    await waitFor(() => expect(headersSentTo(fetchSpy, '/api/my-order')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(headersSentTo(fetchSpy, '/api/my-order')[0].get('X-Manage-Token')).toBe('holder-secret');
    expect(container.querySelector('main')).toBeEmptyDOMElement();
  });

  it('shows nothing for an order without documents', async () => {
    const fetchSpy = serve({ '/api/my-order': () => jsonResponse({ ...order, invoices: [] }) });
    const { container, queryClient } = renderInvoices();

    await waitFor(() => expect(headersSentTo(fetchSpy, '/api/my-order')).toHaveLength(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(container.querySelector('main')).toBeEmptyDOMElement();
  });
});

describe('downloading a document', () => {
  const saved: { href: string; download: string }[] = [];
  const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:http://localhost/pdf-1');
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    saved.length = 0;
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    // jsdom cannot save files: record what the link would have saved
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    createObjectURL.mockClear();
  });

  it('fetches the PDF with the buyer’s proof and saves it under the document’s name', async () => {
    const fetchSpy = serve();
    const { user } = renderInvoices({ manageToken: 's3cret' });

    await user.click(await screen.findByRole('button', { name: 'Download invoice CW2026-00001' }));

    await waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:http://localhost/pdf-1', download: 'invoice-CW2026-00001.pdf' }]),
    );
    const [sent] = headersSentTo(fetchSpy, '/api/my-order/invoices/CW2026-00001');
    expect(sent.get('X-Manage-Token')).toBe('s3cret');
    const [pdf] = createObjectURL.mock.calls[0];
    expect(await pdf.text()).toBe('%PDF-1.7');
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says so when the download fails', async () => {
    serve({
      '/api/my-order/invoices/CW2026-00001': () =>
        jsonResponse({ message: 'This order has no invoice of that number.' }, 404),
    });
    const { user } = renderInvoices();

    await user.click(await screen.findByRole('button', { name: 'Download invoice CW2026-00001' }));

    expect(await findToast('Download failed')).toHaveTextContent(
      'Invoice CW2026-00001 could not be downloaded. This order has no invoice of that number.',
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download invoice CW2026-00001' })).toBeEnabled();
  });
});

describe('correcting the billing details', () => {
  async function openDialog(user: ReturnType<typeof renderInvoices>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Correct billing details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct billing details' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Country' })).toBeEnabled());
    return dialog;
  }

  it('puts the corrected details with the proof, then lists the credit note and the new invoice', async () => {
    const fetchSpy = serve();
    const { user } = renderInvoices();

    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(
      'You can correct them once, until December 24, 2026. We will email you a credit note for the current invoice and a new invoice.',
    );
    expect(textbox('Company name')).toHaveValue('Acme Inc.');
    expect(textbox('Postal code (optional)')).toHaveValue('33139');
    expect(within(dialog).getByRole('combobox', { name: 'Country' })).toHaveValue('US');
    await user.clear(textbox('City'));
    await user.type(textbox('City'), 'Miami');
    await user.click(within(dialog).getByRole('button', { name: 'Issue corrected invoice' }));

    expect(await findToast('Billing details corrected')).toHaveTextContent(
      'Corrected: a credit note and a new invoice were emailed to you.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = fetchSpy.mock.calls.filter(([input]) => input === '/api/my-order/billing');
    expect(puts).toHaveLength(1);
    const [, init] = puts[0];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ billing: { ...acme, city: 'Miami' } });
    expect(new Headers(init?.headers).get('X-Payment-Intent')).toBe('pi_sandbox_abc');
    expect(new Headers(init?.headers).get('X-Client-Secret')).toBe('pi_sandbox_abc_secret_xyz');

    expect(screen.getByRole('button', { name: 'Download credit note CW2026-00002' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download invoice CW2026-00003' })).toBeVisible();
    const note = screen.getByText('Billing details were corrected on November 29, 2026.');
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Correct billing details' })).not.toBeInTheDocument();
  });

  it('shows a refusal in the dialog', async () => {
    serve({
      '/api/my-order/billing': () =>
        jsonResponse(
          {
            message:
              'The billing details of this order were corrected once already. Please write to hello@codewave.events to change them again.',
          },
          409,
        ),
    });
    const { user } = renderInvoices();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Issue corrected invoice' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The billing details of this order were corrected once already. Please write to hello@codewave.events to change them again.',
    );
    expect(within(dialog).getByRole('button', { name: 'Issue corrected invoice' })).toBeEnabled();
  });

  it('shows the server’s field errors next to the dialog’s fields', async () => {
    serve({
      '/api/my-order/billing': () =>
        jsonResponse(
          {
            message: 'Please correct the highlighted fields.',
            fieldErrors: { 'billing.postalCode': 'Please enter a valid postal code.' },
          },
          422,
        ),
    });
    const { user } = renderInvoices();
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('button', { name: 'Issue corrected invoice' }));

    await waitFor(() => expect(textbox('Postal code (optional)')).toHaveAttribute('aria-invalid', 'true'));
    expect(textbox('Postal code (optional)')).toHaveAccessibleDescription('Please enter a valid postal code.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the fields before asking the server', async () => {
    const fetchSpy = serve();
    const { user } = renderInvoices();
    const dialog = await openDialog(user);

    await user.clear(textbox('Company name'));
    await user.click(within(dialog).getByRole('button', { name: 'Issue corrected invoice' }));

    expect(textbox('Company name')).toHaveAccessibleDescription(
      "Please enter the company's name (2 to 200 characters).",
    );
    expect(fetchSpy.mock.calls.filter(([input]) => input === '/api/my-order/billing')).toEqual([]);
  });
});
