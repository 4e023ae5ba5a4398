import { describe, expect, it } from 'vitest';
import { billingAddressSchema, billingRequest, billingSchema } from './billing-details';

const countries = new Set(['DE', 'US']);

const good = {
  company: 'Acme Inc.',
  address: '1 Main Street',
  city: 'Miami',
  region: '',
  postalCode: '',
  country: 'US',
  taxId: '',
};

/** The fields the schema refuses in `billing`, by name. */
function refused(billing: Partial<typeof good>): string[] {
  const result = billingSchema(countries).safeParse({ ...good, ...billing });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('billing details, checked as the server checks them', () => {
  it('takes good details', () => {
    expect(refused({})).toEqual([]);
  });

  it.each([
    ['a one-letter company', { company: 'A' }, 'company'],
    ['a company of 201 characters', { company: 'a'.repeat(201) }, 'company'],
    ['a company with a control character', { company: 'Acme\u0007' }, 'company'],
    ['an address of three lines', { address: '1\n2\n3' }, 'address'],
    ['an address of 201 characters', { address: 'a'.repeat(201) }, 'address'],
    ['a blank city', { city: '   ' }, 'city'],
    ['a region of 101 characters', { region: 'r'.repeat(101) }, 'region'],
    ['a postal code with other characters', { postalCode: '33139!' }, 'postalCode'],
    ['a postal code of 21 characters', { postalCode: '1'.repeat(21) }, 'postalCode'],
    ['a country not on the list', { country: 'XX' }, 'country'],
    ['no country', { country: '' }, 'country'],
    ['a one-character tax id', { taxId: 'X' }, 'taxId'],
    ['a tax id of 41 characters', { taxId: '1'.repeat(41) }, 'taxId'],
    ['a tax id with other characters', { taxId: 'DE_123' }, 'taxId'],
  ])('refuses %s', (_, billing, field) => {
    expect(refused(billing)).toEqual([field]);
  });

  it('counts characters as the server does, not UTF-16 units', () => {
    // 200 emoji are 400 UTF-16 units but 200 characters: the server takes them
    expect(refused({ company: '🌊'.repeat(200) })).toEqual([]);
    expect(refused({ company: '🌊'.repeat(201) })).toEqual(['company']);
  });

  it('trims before checking, and keeps a two-line address', () => {
    const result = billingSchema(countries).safeParse({
      ...good,
      company: '  Acme Inc.  ',
      address: ' 1 Main Street\nSuite 200 \n',
      country: 'de',
    });
    expect(result.success && result.data).toMatchObject({ company: 'Acme Inc.', address: '1 Main Street\nSuite 200' });
  });

  it('refuses every country until the list is loaded', () => {
    expect(billingSchema(undefined).safeParse(good).success).toBe(false);
  });

  it('asks the sponsor form for no company', () => {
    const { address, city, region, postalCode, country, taxId } = good;
    const withoutCompany = { address, city, region, postalCode, country, taxId };
    expect(billingSchema(countries).safeParse(withoutCompany).success).toBe(false);
    expect(billingAddressSchema(countries).safeParse(withoutCompany).success).toBe(true);
  });

  it('leaves the optional fields out of the request when blank', () => {
    expect(billingRequest(good)).toEqual({
      company: 'Acme Inc.',
      address: '1 Main Street',
      city: 'Miami',
      country: 'US',
    });
    expect(billingRequest({ ...good, company: undefined, region: 'FL', postalCode: '33139', taxId: '12-3' })).toEqual({
      address: '1 Main Street',
      city: 'Miami',
      region: 'FL',
      postalCode: '33139',
      country: 'US',
      taxId: '12-3',
    });
  });
});
