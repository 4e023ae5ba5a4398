import { screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { testCountries } from '@/test/countries';
import { deferred, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { requestedUrls, routeRequests } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { billingSchema, emptyBillingAddress, type BillingDetails } from '@/lib/api/billing-details';
import { useCountries } from '@/lib/api/countries';
import { BillingFields } from './billing-fields';

/** A form of nothing but the billing fields, as the checkouts and the correction hold them. */
function BillingForm({ onSubmit }: { onSubmit: (billing: BillingDetails) => void }) {
  const countries = useCountries({ enabled: true });
  const schema = useMemo(() => z.object({ billing: billingSchema(countries.codes) }), [countries.codes]);
  return (
    <Form
      schema={schema}
      options={{ defaultValues: { billing: { company: '', ...emptyBillingAddress } } }}
      aria-label="Billing"
      onSubmit={(values) => onSubmit(values.billing)}
    >
      {() => (
        <>
          <BillingFields countries={countries} withCompany />
          <Button type="submit">Save</Button>
        </>
      )}
    </Form>
  );
}

function renderBillingForm(countries: () => Response | Promise<Response> = () => jsonResponse(testCountries)) {
  const fetchSpy = mockFetch(routeRequests({ '/api/countries': countries }));
  const onSubmit = vi.fn();
  return { fetchSpy, onSubmit, ...renderWithProviders(<BillingForm onSubmit={onSubmit} />) };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const country = () => screen.getByRole('combobox', { name: 'Country' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('billing fields', () => {
  it('lists the server’s countries by name, starting in the United States', async () => {
    const { fetchSpy } = renderBillingForm();

    await waitFor(() => expect(country()).toBeEnabled());
    const names = within(country())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual([
      'Choose a country',
      'Andorra',
      'Canada',
      'Germany',
      'South Africa',
      'United Kingdom',
      'United States',
    ]);
    expect(country()).toHaveValue('US');
    expect(requestedUrls(fetchSpy, '/api/countries')).toEqual(['/api/countries']);
  });

  it('keeps the country list disabled while it loads', async () => {
    const countries = deferred<Response>();
    renderBillingForm(() => countries.promise);

    expect(await screen.findByRole('option', { name: 'Loading countries…' })).toBeInTheDocument();
    expect(country()).toBeDisabled();

    countries.resolve(jsonResponse(testCountries));

    // The list and the chosen country arrive in the renders after the answer; a busy machine may take two.
    await waitFor(() => {
      expect(country()).toBeEnabled();
      expect(country()).toHaveValue('US');
    });
  });

  it('says when the countries could not be loaded, and loads them on retry', async () => {
    let calls = 0;
    const { user } = renderBillingForm(() =>
      ++calls === 1 ? jsonResponse({ message: 'Server error' }, 500) : jsonResponse(testCountries),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list of countries could not be loaded.');
    expect(country()).toBeDisabled();
    expect(country()).toHaveAccessibleDescription('The list of countries could not be loaded.');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(country()).toBeEnabled());
    expect(country()).toHaveValue('US');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s messages next to the fields left empty', async () => {
    const { user, onSubmit } = renderBillingForm();
    await waitFor(() => expect(country()).toBeEnabled());

    await user.click(save());

    expect(await screen.findByText("Please enter the company's name (2 to 200 characters).")).toBeInTheDocument();
    expect(textbox('Company name')).toHaveAccessibleDescription(
      "Please enter the company's name (2 to 200 characters).",
    );
    expect(textbox('Company name')).toHaveAttribute('aria-invalid', 'true');
    expect(textbox('Address')).toHaveAccessibleDescription(
      'One or two lines. Please enter the street address (one or two lines).',
    );
    expect(textbox('City')).toHaveAccessibleDescription('Please enter the city.');
    // the optional ones may stay blank
    expect(textbox('State / region (optional)')).not.toHaveAttribute('aria-invalid');
    expect(textbox('Postal code (optional)')).not.toHaveAttribute('aria-invalid');
    expect(textbox('Tax / VAT ID (optional)')).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks each field as the server does, on the trimmed value', async () => {
    const { user, onSubmit } = renderBillingForm();
    await waitFor(() => expect(country()).toBeEnabled());

    await user.type(textbox('Company name'), '  A  ');
    await user.type(textbox('Address'), '1 Main Street{Enter}Suite 200{Enter}Floor 3');
    await user.type(textbox('City'), 'Miami');
    await user.type(textbox('Postal code (optional)'), '33139!');
    await user.type(textbox('Tax / VAT ID (optional)'), 'DE#123');
    await user.click(save());

    expect(await screen.findByText("Please enter the company's name (2 to 200 characters).")).toBeInTheDocument();
    expect(textbox('Address')).toHaveAccessibleDescription(
      'One or two lines. Please enter the street address (one or two lines).',
    );
    expect(textbox('Postal code (optional)')).toHaveAccessibleDescription('Please enter a valid postal code.');
    expect(textbox('Tax / VAT ID (optional)')).toHaveAccessibleDescription(
      'Please enter a valid tax or VAT ID (letters, digits, spaces, . - /).',
    );
    expect(textbox('City')).not.toHaveAttribute('aria-invalid');
    expect(country()).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks for a country when the list has no default one', async () => {
    const { user, onSubmit } = renderBillingForm(() =>
      jsonResponse(testCountries.filter((country) => country.code !== 'US')),
    );
    await waitFor(() => expect(country()).toBeEnabled());
    expect(country()).toHaveValue('');

    await user.click(save());

    expect(await screen.findByText('Please choose a country from the list.')).toBeInTheDocument();
    expect(country()).toHaveAccessibleDescription('Please choose a country from the list.');
    expect(country()).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(country(), 'Canada');

    await waitFor(() => expect(country()).not.toHaveAttribute('aria-invalid'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('hands over the details trimmed, blanks included, once they pass', async () => {
    const { user, onSubmit } = renderBillingForm();
    await waitFor(() => expect(country()).toBeEnabled());

    await user.type(textbox('Company name'), ' Acme Inc. ');
    await user.type(textbox('Address'), '1 Main Street{Enter}Suite 200 ');
    await user.type(textbox('City'), 'Berlin');
    await user.type(textbox('Postal code (optional)'), '10115');
    await user.type(textbox('Tax / VAT ID (optional)'), 'DE 123.456/78-9');
    await user.selectOptions(country(), 'Germany');
    await user.click(save());

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        company: 'Acme Inc.',
        address: '1 Main Street\nSuite 200',
        city: 'Berlin',
        region: '',
        postalCode: '10115',
        country: 'DE',
        taxId: 'DE 123.456/78-9',
      }),
    );
  });
});
