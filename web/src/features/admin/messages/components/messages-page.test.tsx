import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { Route, Routes } from '@/lib/router';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminApp } from '@/features/admin/shell/components/admin-app';
import { formatTime } from '@/features/admin/shared/components/format';

const tickets = [
  { id: 1, type: 'developer', name: 'Developer Pass', description: '', price: 79900, features: [] },
  { id: 2, type: 'vip', name: 'VIP Pass', description: '', price: 129900, features: [] },
];
const merchandise = [{ id: 3, name: 'Conference Cap', description: '', price: 100, category: 'hat' }];
const sessions = [
  {
    slug: 'rust-in-a-day',
    title: 'Rust in a day',
    start: '2026-05-19T09:00:00-04:00',
    signup: true,
    taken: 12,
  },
  { slug: 'keynote', title: 'Opening keynote', start: '2026-05-18T09:00:00-04:00', signup: false, taken: null },
];

const scheduled = {
  id: 'm2',
  subject: 'Doors open at 8',
  segment: { kind: 'ticket_holders', ticketTypes: ['vip'], checkedIn: false },
  status: 'scheduled',
  sendAt: 1_779_094_800_000,
  createdAt: 1_779_000_000_000,
  createdBy: 'olivia@codewave.example.com',
  recipients: 0,
  sent: 0,
  failed: 0,
  pending: 0,
};
const delivered = {
  id: 'm1',
  subject: 'Bring a laptop',
  segment: { kind: 'session', session: 'rust-in-a-day' },
  status: 'sent',
  sendAt: null,
  createdAt: 1_778_900_000_000,
  createdBy: 'mo@codewave.example.com',
  recipients: 12,
  sent: 10,
  failed: 1,
  pending: 1,
};

const sample = { subject: 'Lunch on day one', text: 'Hello', html: '<p>Hello <strong>Ada</strong></p>' };

type Routes = Parameters<typeof routeRequests>[0];

function renderMessages(role: string, routes: Routes = {}) {
  const fetchSpy = mockFetch(
    routeRequests({
      '/api/admin/session': () => jsonResponse({ name: 'Olivia', role }),
      '/api/admin/messages': (body) =>
        body === undefined
          ? jsonResponse([scheduled, delivered])
          : jsonResponse({ id: 'm3', recipients: 1, status: 'test' }, 201),
      '/api/admin/messages/preview': () => jsonResponse({ recipients: 12, sample }),
      '/api/admin/sessions': () => jsonResponse({ sessions }),
      '/api/tickets': () => jsonResponse(tickets),
      '/api/merchandise': () => jsonResponse(merchandise),
      ...routes,
    }),
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route path={paths.admin.route} element={<AdminApp />} />
    </Routes>,
    { route: paths.admin.messages },
  );
  return { fetchSpy, ...rendered };
}

type User = ReturnType<typeof renderMessages>['user'];

async function write(user: User, subject = 'Lunch on day one', body = 'Lunch is **at noon**.') {
  const form = await screen.findByRole('form', { name: 'New message' });
  await user.type(within(form).getByLabelText('Subject'), subject);
  await user.type(within(form).getByLabelText('Message'), body);
  return form;
}

describe('the messages screen', () => {
  it('previews a message to checked-in VIP holders, sends a test to the staff member, then sends it', async () => {
    let sends = 0;
    const { fetchSpy, user } = renderMessages('owner', {
      '/api/admin/messages': (body) => {
        if (body === undefined) return jsonResponse(sends === 2 ? [{ ...delivered, id: 'm4' }] : []);
        sends += 1;
        return jsonResponse(
          (body as { test?: boolean }).test
            ? { id: 'm3', recipients: 1, status: 'test' }
            : { id: 'm4', recipients: 12, status: 'sending' },
          201,
        );
      },
    });
    const form = await write(user);
    expect(within(form).getByLabelText('Segment')).toHaveDisplayValue('Ticket holders');
    await user.click(await within(form).findByRole('checkbox', { name: 'VIP Pass' }));
    await user.click(within(form).getByRole('radio', { name: 'Checked in' }));

    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('12 recipients');
    expect(preview).toHaveTextContent('Subject: Lunch on day one');
    const frame = within(preview).getByTitle('Email preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', sample.html);
    const draft = {
      segment: { kind: 'ticket_holders', ticketTypes: ['vip'], checkedIn: true },
      subject: 'Lunch on day one',
      body: 'Lunch is **at noon**.',
    };
    expect(postedTo(fetchSpy, '/api/admin/messages/preview')).toEqual([draft]);

    await user.click(within(form).getByRole('button', { name: 'Send a test to me' }));
    expect(await within(form).findByText('Test sent to you: look for “Lunch on day one” in your inbox.')).toBeVisible();

    await user.click(within(form).getByRole('button', { name: 'Send now' }));
    expect(
      await within(form).findByText('Sending to 12 recipients. Its delivery shows in the list below.'),
    ).toBeVisible();
    expect(postedTo(fetchSpy, '/api/admin/messages')).toEqual([{ ...draft, test: true }, draft]);
    // sent: the composer starts afresh, and the list shows the message
    expect(within(form).getByLabelText('Subject')).toHaveValue('');
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Messages' })).toHaveTextContent('Bring a laptop');
  });

  it('checks the draft before sending anything, and schedules it at a time with its offset', async () => {
    const { fetchSpy, user } = renderMessages('manager');
    const form = await screen.findByRole('form', { name: 'New message' });

    await user.click(within(form).getByRole('button', { name: 'Send now' }));
    expect(within(form).getByLabelText('Subject')).toHaveAccessibleDescription('Please write a subject.');
    expect(within(form).getByLabelText('Message')).toHaveAccessibleDescription(
      /^Markdown: .* Please write the message\.$/,
    );

    await write(user, 'Doors open at 8', 'See you there.');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByLabelText('Send at')).toHaveAccessibleDescription(
      'For Schedule only, in your own time zone. Choose when to send it.',
    );
    await user.type(within(form).getByLabelText('Send at'), '2020-01-01T09:00');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    expect(within(form).getByText('Choose a time in the future.')).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/admin/messages')).toEqual([]);

    await user.clear(within(form).getByLabelText('Send at'));
    await user.type(within(form).getByLabelText('Send at'), '2099-05-17T17:00');
    await user.click(within(form).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(postedTo(fetchSpy, '/api/admin/messages')).toHaveLength(1));
    const [request] = postedTo(fetchSpy, '/api/admin/messages') as { sendAt: string; segment: unknown }[];
    expect(request.sendAt).toMatch(/^2099-05-17T17:00:00[+-]\d{2}:\d{2}$/);
    expect(request.segment).toEqual({ kind: 'ticket_holders' });
  });

  it('sends each kind of segment with its options, and shows the server’s errors by their fields', async () => {
    const { fetchSpy, user } = renderMessages('owner', {
      '/api/admin/messages/preview': (body) =>
        (body as { segment: { kind: string } }).segment.kind === 'waitlist'
          ? jsonResponse(
              {
                message: 'Please correct the highlighted fields.',
                fieldErrors: { 'segment.interestAreas': 'Choose interest areas from the list.' },
              },
              422,
            )
          : jsonResponse({ recipients: 3, sample }),
    });
    const form = await write(user);
    const segment = within(form).getByLabelText('Segment');
    const previewAs = async (kind: string) => {
      await user.selectOptions(segment, kind);
      await user.click(within(form).getByRole('button', { name: 'Preview' }));
    };

    await previewAs('Workshop attendees');
    expect(within(form).getByLabelText('Session')).toHaveAccessibleDescription(
      'Everyone holding a seat in it. Choose a session.',
    );
    const session = within(form).getByLabelText('Session');
    expect(
      within(session)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a session', 'Rust in a day (Tue, May 19, 09:00)']);
    await user.selectOptions(session, 'rust-in-a-day');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    await screen.findByRole('region', { name: 'Preview' });

    await previewAs('Sponsors');
    await previewAs('Merchandise not picked up');
    await user.selectOptions(within(form).getByLabelText('Item'), 'Conference Cap');
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    await previewAs('Waitlist');
    await user.click(within(form).getByRole('checkbox', { name: 'AI & Machine Learning' }));
    await user.click(within(form).getByRole('button', { name: 'Preview' }));

    expect(await within(form).findByRole('group', { name: 'Interest areas' })).toHaveAccessibleDescription(
      'None ticked: everyone who confirmed and wants updates. Choose interest areas from the list.',
    );
    expect(
      (postedTo(fetchSpy, '/api/admin/messages/preview') as { segment: unknown }[]).map((sent) => sent.segment),
    ).toEqual([
      { kind: 'session', session: 'rust-in-a-day' },
      { kind: 'sponsors' },
      { kind: 'merchandise_not_picked_up' },
      { kind: 'merchandise_not_picked_up', item: '3' },
      { kind: 'waitlist' },
      { kind: 'waitlist', interestAreas: ['ai'] },
    ]);
  });

  it('lists the messages with their delivery, and cancels a scheduled one', async () => {
    let cancels = 0;
    const { fetchSpy, user } = renderMessages('owner', {
      '/api/admin/messages/m2/cancel': () =>
        ++cancels === 1
          ? jsonResponse({ ...scheduled, status: 'cancelled' })
          : jsonResponse({ message: 'This message has gone out already.' }, 409),
    });

    const table = await screen.findByRole('table', { name: 'Messages' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Doors open at 8');
    expect(rows[1]).toHaveTextContent('Ticket holders: VIP Pass, not checked in');
    expect(rows[1]).toHaveTextContent('Scheduled');
    expect(rows[1]).toHaveTextContent(`Goes out ${formatTime(scheduled.sendAt)}`);
    await waitFor(() => expect(rows[2]).toHaveTextContent('Workshop attendees: Rust in a day'));
    expect(
      within(rows[2])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(expect.arrayContaining(['Sent', '12', '10', '1', 'mo@codewave.example.com']));
    expect(within(rows[2]).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(rows[1]).getByRole('button', { name: 'Cancel “Doors open at 8”' }));
    await waitFor(() => expect(postedTo(fetchSpy, '/api/admin/messages/m2/cancel')).toHaveLength(1));
    await user.click(within(rows[1]).getByRole('button', { name: 'Cancel “Doors open at 8”' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This message has gone out already.');
  });

  it('lets support read the list only, and keeps the door out', async () => {
    renderMessages('support');
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(within(table).getByText('Doors open at 8')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New message' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name: 'Messages' }),
    ).toBeInTheDocument();
  });

  it('is not the door role’s', async () => {
    const { fetchSpy } = renderMessages('door');
    expect(await screen.findByRole('heading', { name: 'Not for your role' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Back office' })).queryByRole('link', { name: 'Messages' }),
    ).not.toBeInTheDocument();
    expect(requestedUrls(fetchSpy, '/api/admin/messages')).toEqual([]);
  });
});
