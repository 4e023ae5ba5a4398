import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import type { SponsorshipTier } from '@/lib/api/get-sponsorship-tiers';
import type { Ticket } from '@/lib/api/get-tickets';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { WaitingListItem } from '../item';
import { JoinWaitingListButton } from './join-waiting-list-button';

const vip: Ticket = {
  id: 2,
  type: 'vip',
  name: 'VIP Pass',
  description: 'The full conference and more.',
  price: 129900,
  features: ['VIP lounge with speakers'],
  minQuantity: 1,
  maxQuantity: 5,
  sales: 'sold_out',
  available: false,
};

const title: SponsorshipTier = {
  value: 'title',
  label: 'Conference Title',
  amount: 50000000,
  group: 'signature',
  vipPasses: 20,
  perks: ['Opening keynote slot'],
  sales: 'sold_out',
  available: false,
};

const hackathonTee: MerchandiseItem = {
  id: 2,
  name: 'Hackathon Tee',
  description: 'Heavyweight tee.',
  price: 3499,
  category: 'tshirt',
  sizes: ['S', 'M'],
  colors: ['Coral', 'Charcoal'],
  waitingListMaxQuantity: 10,
  variantWaitingListMaxQuantity: [{ size: 'M', color: 'Coral', maxQuantity: 1 }],
  sales: 'open',
  available: true,
};

type Handler = Parameters<typeof routeRequests>[0][string];

function serve(waitingList: Handler = () => jsonResponse({ position: 3 }, 201)) {
  return mockFetch(routeRequests({ '/api/waiting-list': waitingList }));
}

function renderButton(item: WaitingListItem = { kind: 'ticket', ticket: vip }, name = 'VIP Pass') {
  return renderWithProviders(<JoinWaitingListButton item={item} name={name} className="w-full" />);
}

async function openForm(user: ReturnType<typeof renderButton>['user'], name = 'VIP Pass') {
  await user.click(screen.getByRole('button', { name: `Join the waiting list: ${name}` }));
  return screen.findByRole('dialog', { name: 'Join the waiting list' });
}

describe('joining a waiting list', () => {
  it('opens the form in a dialog that says what sold out, with the name field focused', async () => {
    serve();
    const { user } = renderButton();

    const dialog = await openForm(user);

    expect(dialog).toHaveAccessibleDescription(/The VIP Pass is sold out\./);
    expect(within(dialog).getByLabelText('Full name')).toHaveFocus();
    expect(within(dialog).getByLabelText('Email')).toBeInTheDocument();
    const quantity = within(dialog).getByLabelText('How many');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
  });

  it('posts the entry and says the place in the queue, then gives focus back to the button', async () => {
    const fetchSpy = serve();
    const { user } = renderButton();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByLabelText('Full name'), '  Ana Diaz ');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.selectOptions(within(dialog).getByLabelText('How many'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent('You are number 3 in the queue.');
    expect(status).toHaveTextContent('We have emailed your place to ana@example.com.');
    expect(status).toHaveTextContent('an offer that holds them for you for a limited time');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      { kind: 'ticket', item: 'vip', name: 'Ana Diaz', email: 'ana@example.com', quantity: 2 },
    ]);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();

    await user.click(close);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Join the waiting list: VIP Pass' })).toHaveFocus();
  });

  it('says "Joining..." while the entry is sent', async () => {
    const answer = deferred<Response>();
    serve(() => answer.promise);
    const { user } = renderButton();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('button', { name: 'Joining...' })).toBeDisabled();
    answer.resolve(jsonResponse({ position: 1 }, 201));
    expect(await within(dialog).findByText('You are number 1 in the queue.')).toBeInTheDocument();
  });

  it('checks the name and email before sending anything', async () => {
    const fetchSpy = serve();
    const { user } = renderButton();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByLabelText('Full name'), 'Al');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByText('Name must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([]);
  });

  it('shows each of the server’s field errors next to its field', async () => {
    serve(() =>
      jsonResponse(
        {
          message: 'Please correct the highlighted fields.',
          fieldErrors: {
            email: 'Please enter a valid email address',
            quantity: 'One VIP Pass order is for at most 5 people.',
          },
        },
        422,
      ),
    );
    const { user } = renderButton();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    const email = within(dialog).getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    const quantity = within(dialog).getByLabelText('How many');
    expect(quantity).toHaveAccessibleDescription('One VIP Pass order is for at most 5 people.');
    expect(within(dialog).getByLabelText('Full name')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [409, 'ana@example.com is on the waiting list for the VIP Pass already.'],
    [409, 'The VIP Pass is on sale: you can buy it now instead of waiting.'],
    [429, 'Too many requests. Please try again in a minute.'],
  ])('shows the server’s message when it answers %i', async (status, message) => {
    serve(() => jsonResponse({ message }, status));
    const { user } = renderButton();
    const dialog = await openForm(user);

    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ana@example.com');
    expect(within(dialog).queryByRole('status')).toBeEmptyDOMElement();
  });

  it('asks a group ticket’s waiting list for its smallest order at least', async () => {
    const fetchSpy = serve();
    const team: Ticket = { ...vip, type: 'team', name: 'Team Pass', minQuantity: 4, maxQuantity: 6 };
    const { user } = renderButton({ kind: 'ticket', ticket: team }, 'Team Pass');
    const dialog = await openForm(user, 'Team Pass');

    const quantity = within(dialog).getByLabelText('How many');
    expect(quantity).toHaveValue('4');
    expect(within(quantity).getAllByRole('option')).toHaveLength(3);
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    await within(dialog).findByText('You are number 3 in the queue.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      { kind: 'ticket', item: 'team', name: 'Ana Diaz', email: 'ana@example.com', quantity: 4 },
    ]);
  });

  it('offers no more than could ever come back: the ticket’s limit when lower than its largest order', async () => {
    serve();
    const { user } = renderButton({ kind: 'ticket', ticket: { ...vip, waitingListMaxQuantity: 3 } });
    const dialog = await openForm(user);

    const quantity = within(dialog).getByLabelText('How many');
    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1', '2', '3']);
  });

  it('bounds how many by the size and colour chosen, and brings the number down to a scarcer one', async () => {
    const fetchSpy = serve();
    const item: WaitingListItem = { kind: 'merchandise', item: hackathonTee, size: 'S', color: 'Coral' };
    const { user } = renderButton(item, 'Hackathon Tee');
    const dialog = await openForm(user, 'Hackathon Tee');
    const quantity = within(dialog).getByLabelText('How many');
    expect(within(quantity).getAllByRole('option')).toHaveLength(10);
    await user.selectOptions(quantity, '4');

    await user.selectOptions(within(dialog).getByLabelText('Size'), 'M');

    expect(
      within(quantity)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1']);
    await waitFor(() => expect(quantity).toHaveValue('1'));
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));
    await within(dialog).findByText('You are number 3 in the queue.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      {
        kind: 'merchandise',
        item: 2,
        size: 'M',
        color: 'Coral',
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
      },
    ]);
  });

  it('queues for a taken sponsorship tier, one at a time, without asking how many', async () => {
    const fetchSpy = serve(() => jsonResponse({ position: 1 }, 201));
    const { user } = renderButton({ kind: 'sponsorship', tier: title }, 'Conference Title');
    const dialog = await openForm(user, 'Conference Title');

    expect(dialog).toHaveAccessibleDescription(/The Conference Title sponsorship has been taken\./);
    expect(within(dialog).queryByLabelText('How many')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 1 in the queue.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      { kind: 'sponsorship', item: 'title', name: 'Ana Diaz', email: 'ana@example.com', quantity: 1 },
    ]);
  });

  it('says a server error about a field the form does not show above the button', async () => {
    serve(() =>
      jsonResponse(
        {
          message: 'Please correct the highlighted fields.',
          fieldErrors: { quantity: 'A sponsorship is bought one at a time.' },
        },
        422,
      ),
    );
    const { user } = renderButton({ kind: 'sponsorship', tier: title }, 'Conference Title');
    const dialog = await openForm(user, 'Conference Title');

    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A sponsorship is bought one at a time.');
  });
});
