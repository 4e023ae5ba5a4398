// What GET /api/countries answers in the tests: a few of the server's 249, by code as it sends them.

export const testCountries = [
  { code: 'AD', name: 'Andorra' },
  { code: 'CA', name: 'Canada' },
  { code: 'DE', name: 'Germany' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'ZA', name: 'South Africa' },
];
