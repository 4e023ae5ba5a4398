import { z } from 'zod/mini';

// A company's billing details for its invoice, checked as the server checks them (domain/billing.rs):
// the same limits and messages, on values trimmed first. Lengths count characters, as Rust's
// `chars().count()` does, not UTF-16 units.

export const billingMessages = {
  company: "Please enter the company's name (2 to 200 characters).",
  address: 'Please enter the street address (one or two lines).',
  city: 'Please enter the city.',
  region: 'The region may have at most 100 characters.',
  postalCode: 'Please enter a valid postal code.',
  country: 'Please choose a country from the list.',
  taxId: 'Please enter a valid tax or VAT ID (letters, digits, spaces, . - /).',
} as const;

const trimmed = () => z.string().check(z.trim());
const length = (value: string) => [...value].length;
const controlCharacter = /\p{Cc}/u;
const controlCharacterButNewline = /[^\P{Cc}\n\r]/u;

/** Text of at most `max` characters without control characters. */
const plain = (value: string, max: number) => length(value) <= max && !controlCharacter.test(value);

const company = () =>
  trimmed().check(z.refine((value) => length(value) >= 2 && plain(value, 200), billingMessages.company));

/** The fields every billing address has; `countries` are the codes of GET /api/countries, once loaded. */
function addressShape(countries: ReadonlySet<string> | undefined) {
  return {
    address: trimmed().check(
      z.refine(
        (value) =>
          value !== '' &&
          length(value) <= 200 &&
          value.split('\n').length <= 2 &&
          !controlCharacterButNewline.test(value),
        billingMessages.address,
      ),
    ),
    city: trimmed().check(z.refine((value) => value !== '' && plain(value, 100), billingMessages.city)),
    region: trimmed().check(z.refine((value) => plain(value, 100), billingMessages.region)),
    postalCode: trimmed().check(z.regex(/^[A-Za-z0-9 -]{0,20}$/, billingMessages.postalCode)),
    country: trimmed().check(
      z.refine((value) => countries?.has(value.toUpperCase()) ?? false, billingMessages.country),
    ),
    taxId: trimmed().check(
      z.refine((value) => value === '' || /^[A-Za-z0-9 ./-]{2,40}$/.test(value), billingMessages.taxId),
    ),
  };
}

/** Billing details with the company's name: the checkouts' optional section and the correction. */
export function billingSchema(countries: ReadonlySet<string> | undefined) {
  return z.object({ company: company(), ...addressShape(countries) });
}

/** A billing address without a company: the sponsor form's, whose company name stands in. */
export function billingAddressSchema(countries: ReadonlySet<string> | undefined) {
  return z.object(addressShape(countries));
}

export type BillingDetails = z.output<ReturnType<typeof billingSchema>>;
export type BillingAddress = z.output<ReturnType<typeof billingAddressSchema>>;

/** What a form holds before it is checked: every field as typed. */
export type BillingDraft = { company?: string } & Record<Exclude<keyof BillingDetails, 'company'>, string>;

/** The details as the create calls and the correction send them; optional fields left blank are left out. */
export interface BillingRequest {
  company?: string;
  address: string;
  city: string;
  region?: string;
  postalCode?: string;
  country: string;
  taxId?: string;
}

export function billingRequest(details: BillingAddress & { company?: string }): BillingRequest {
  const { company, address, city, region, postalCode, country, taxId } = details;
  return {
    ...(company && { company }),
    address,
    city,
    ...(region && { region }),
    ...(postalCode && { postalCode }),
    country,
    ...(taxId && { taxId }),
  };
}

export const emptyBillingAddress: BillingDraft = {
  address: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  taxId: '',
};

const billingFieldNames = [
  'billing.company',
  'billing.address',
  'billing.city',
  'billing.region',
  'billing.postalCode',
  'billing.country',
  'billing.taxId',
] as const;

export type BillingFieldName = (typeof billingFieldNames)[number];

/** Whether a server's `fieldErrors` key names a billing field, such as `billing.postalCode`. */
export function isBillingField(name: string): name is BillingFieldName {
  return (billingFieldNames as readonly string[]).includes(name);
}
