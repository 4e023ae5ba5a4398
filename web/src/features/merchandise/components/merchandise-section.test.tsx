import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MerchandiseItem } from '@/lib/api/get-merchandise';
import { jsonResponse, mockFetch, textResponse } from '@/test/fetch-mock';
import { postedTo, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { MerchandiseSection } from './merchandise-section';

const tshirt: MerchandiseItem = {
  id: 1,
  name: 'Conference T-Shirt',
  description: 'Soft organic cotton tee.',
  price: 500,
  regularPrice: 2999,
  category: 'tshirt',
  imageUrl: '/images/merch/conference-tshirt.svg',
  sizes: ['S', 'M'],
  colors: ['Black'],
  specialOffer: 'tshirt',
  sales: 'open',
  available: true,
};
const hackathonTee: MerchandiseItem = {
  id: 2,
  name: 'Hackathon Tee',
  description: 'Heavyweight tee.',
  price: 3499,
  category: 'tshirt',
  imageUrl: '/images/merch/hackathon-tee.svg',
  sales: 'open',
  available: true,
};
const cap: MerchandiseItem = {
  id: 3,
  name: 'Conference Cap',
  description: 'Six-panel cotton cap.',
  price: 100,
  regularPrice: 2499,
  category: 'hat',
  specialOffer: 'cap',
  sales: 'open',
  available: true,
};
const bucketHat: MerchandiseItem = {
  id: 4,
  name: 'Beach Bucket Hat',
  description: 'Packable bucket hat.',
  price: 2799,
  category: 'hat',
  sales: 'open',
  available: true,
};

function serve(items: unknown) {
  return mockFetch((url) => (url === '/api/merchandise' ? jsonResponse(items) : textResponse('not found', 404)));
}

function shownItemNames() {
  const panel = screen.getByRole('tabpanel');
  return within(panel)
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('merchandise section', () => {
  it('filters the items by tab', async () => {
    serve([tshirt, hackathonTee, cap, bucketHat]);
    const { user } = renderWithProviders(<MerchandiseSection />);

    expect(await screen.findByRole('heading', { name: 'Conference T-Shirt' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All Items' })).toHaveAttribute('aria-selected', 'true');
    expect(shownItemNames()).toEqual(['Conference T-Shirt', 'Hackathon Tee', 'Conference Cap', 'Beach Bucket Hat']);

    await user.click(screen.getByRole('tab', { name: 'T-Shirts' }));
    expect(shownItemNames()).toEqual(['Conference T-Shirt', 'Hackathon Tee']);

    await user.click(screen.getByRole('tab', { name: 'Hats' }));
    expect(shownItemNames()).toEqual(['Conference Cap', 'Beach Bucket Hat']);

    await user.click(screen.getByRole('tab', { name: 'All Items' }));
    expect(shownItemNames()).toHaveLength(4);
  });

  it('shows the empty text of each tab', async () => {
    serve([hackathonTee]);
    const { user } = renderWithProviders(<MerchandiseSection />);

    expect(await screen.findByRole('heading', { name: 'Hackathon Tee' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Hats' }));
    expect(screen.getByText('No hats available at the moment.')).toBeInTheDocument();
    expect(shownItemNames()).toEqual([]);
  });

  it('shows the empty texts when there is no merchandise at all', async () => {
    serve([]);
    const { user } = renderWithProviders(<MerchandiseSection />);

    expect(await screen.findByText('No merchandise available at the moment.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'T-Shirts' }));
    expect(screen.getByText('No t-shirts available at the moment.')).toBeInTheDocument();
  });

  it('shows skeletons while loading and an error text when the list fails', async () => {
    const fetchSpy = mockFetch(() => textResponse('unavailable', 503));
    renderWithProviders(<MerchandiseSection />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading merchandise…');
    expect(await screen.findByText('Error loading merchandise. Please try again later.')).toBeInTheDocument();
    // the first try and 3 retries
    expect(fetchSpy).toHaveBeenCalledTimes(4);
  });

  it('shows special offers with their special price and a new-tab pricing link', async () => {
    serve([tshirt, hackathonTee]);
    renderWithProviders(<MerchandiseSection />);

    const special = (await screen.findByRole('heading', { name: 'Conference T-Shirt' })).closest('li')!;
    expect(within(special).getAllByText('Special Price').length).toBeGreaterThan(0);
    expect(within(special).getByText('$5.00')).toBeInTheDocument();
    expect(within(special).getByText('$29.99').closest('s')).toBeInTheDocument();
    expect(within(special).getByText(/price adjusts based on demand/)).toBeInTheDocument();
    const pricing = within(special).getByRole('link', { name: /View Special Pricing/ });
    expect(pricing).toHaveAttribute('href', '/merchandise/purchase.html?type=tshirt');
    expect(pricing).toHaveAttribute('target', '_blank');
    expect(pricing).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(special).queryByRole('link', { name: /Purchase Now/ })).not.toBeInTheDocument();

    const generic = screen.getByRole('heading', { name: 'Hackathon Tee' }).closest('li')!;
    expect(within(generic).getByText('$34.99')).toBeInTheDocument();
    expect(within(generic).queryByText('Special Price')).not.toBeInTheDocument();
    expect(within(generic).getByRole('link', { name: /Purchase Now/ })).toHaveAttribute(
      'href',
      '/merchandise-checkout/2',
    );
  });

  it('shows the image, or a notice when it is missing or fails to load', async () => {
    serve([tshirt, cap]);
    renderWithProviders(<MerchandiseSection />);

    const image = await screen.findByRole('img', { name: 'Conference T-Shirt' });
    expect(image).toHaveAttribute('src', '/images/merch/conference-tshirt.svg');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width');
    expect(image).toHaveAttribute('height');

    const capCard = screen.getByRole('heading', { name: 'Conference Cap' }).closest('li')!;
    expect(within(capCard).getByText('No image available')).toBeInTheDocument();

    fireEvent.error(image);
    const shirtCard = screen.getByRole('heading', { name: 'Conference T-Shirt' }).closest('li')!;
    expect(within(shirtCard).queryByRole('img')).not.toBeInTheDocument();
    expect(within(shirtCard).getByText('No image available')).toBeInTheDocument();
  });

  it('says when an item goes on sale, or that its sales are over, instead of offering it', async () => {
    serve([
      { ...hackathonTee, sales: 'not_yet', salesOpenAt: '2026-09-01T09:00:00-04:00', available: false },
      { ...tshirt, sales: 'closed', available: false },
      { ...bucketHat, sales: 'sold_out', available: false },
      cap,
    ]);
    renderWithProviders(<MerchandiseSection timeZone="America/New_York" />);

    const upcoming = (await screen.findByRole('heading', { name: 'Hackathon Tee' })).closest('li')!;
    expect(within(upcoming).getByText('On sale from September 1, 2026')).toBeInTheDocument();
    expect(within(upcoming).queryByRole('link')).not.toBeInTheDocument();
    const closed = screen.getByRole('heading', { name: 'Conference T-Shirt' }).closest('li')!;
    expect(within(closed).getByText('Sales closed')).toBeInTheDocument();
    expect(within(closed).queryByRole('link')).not.toBeInTheDocument();
    const soldOut = screen.getByRole('heading', { name: 'Beach Bucket Hat' }).closest('li')!;
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    expect(within(soldOut).queryByRole('link')).not.toBeInTheDocument();
    const open = screen.getByRole('heading', { name: 'Conference Cap' }).closest('li')!;
    expect(within(open).getByRole('link', { name: /View Special Pricing/ })).toBeInTheDocument();
  });

  it('offers a sold-out item’s waiting list, in the size and color the visitor picks', async () => {
    const fetchSpy = mockFetch(
      routeRequests({
        '/api/merchandise': () => jsonResponse([{ ...tshirt, sales: 'sold_out', available: false }, hackathonTee]),
        '/api/waiting-list': () => jsonResponse({ position: 2 }, 201),
      }),
    );
    const { user } = renderWithProviders(<MerchandiseSection />);

    const soldOut = (await screen.findByRole('heading', { name: 'Conference T-Shirt' })).closest('li')!;
    expect(within(soldOut).getByText('Sold out')).toBeInTheDocument();
    expect(within(soldOut).queryByRole('link')).not.toBeInTheDocument();
    await user.click(within(soldOut).getByRole('button', { name: 'Join the waiting list: Conference T-Shirt' }));

    const dialog = await screen.findByRole('dialog', { name: 'Join the waiting list' });
    expect(dialog).toHaveAccessibleDescription(/The Conference T-Shirt is sold out\./);
    expect(within(dialog).getByLabelText('Size')).toHaveValue('S');
    expect(within(dialog).getByLabelText('Color')).toHaveValue('Black');
    expect(within(within(dialog).getByLabelText('How many')).getAllByRole('option')).toHaveLength(10);
    await user.type(within(dialog).getByLabelText('Full name'), 'Ana Diaz');
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Size'), 'M');
    await user.click(within(dialog).getByRole('button', { name: 'Join the waiting list' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('You are number 2 in the queue.');
    expect(dialog).toHaveAccessibleDescription('For the Conference T-Shirt in M / Black.');
    expect(postedTo(fetchSpy, '/api/waiting-list')).toEqual([
      {
        kind: 'merchandise',
        item: 1,
        size: 'M',
        color: 'Black',
        name: 'Ana Diaz',
        email: 'ana@example.com',
        quantity: 1,
      },
    ]);
  });
});
