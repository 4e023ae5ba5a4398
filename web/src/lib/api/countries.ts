import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';

const countriesSchema = z.array(z.object({ code: z.string(), name: z.string() }));

export type Country = z.infer<typeof countriesSchema>[number];

/** The country a new billing address starts with, when the list has it. */
export const DEFAULT_COUNTRY = 'US';

const byName = new Intl.Collator('en');
const sortByName = (countries: Country[]) => [...countries].sort((a, b) => byName.compare(a.name, b.name));

/** The countries a billing address may name (the server's list, the one it checks), by name. */
export function useCountries({ enabled }: { enabled: boolean }) {
  const query = useQuery({
    queryKey: ['countries'],
    queryFn: async () => countriesSchema.parse(await api.get<unknown>('/api/countries')),
    enabled,
    select: sortByName,
  });
  const { data } = query;
  const codes = useMemo(() => (data ? new Set(data.map((country) => country.code)) : undefined), [data]);
  return { ...query, codes };
}

export type CountriesQuery = ReturnType<typeof useCountries>;

/** The country to preselect: the default when the list has it, else none. */
export function defaultCountry(countries: Country[]): string {
  return countries.some((country) => country.code === DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : '';
}
