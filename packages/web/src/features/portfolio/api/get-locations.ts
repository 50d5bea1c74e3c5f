// The address and time-zone pickers' lists: GET /location/countries, /location/states/country/{id},
// /location/cities/state/{id} and /location/timezones. They change with a dataset release only.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

const LOCATION_STALE_MS = 60 * 60_000;
const byId = (id: number) => ({ params: { path: { id } } });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: ['location', 'countries'],
    queryFn: async () => dataOrThrow(await apiClient.GET('/location/countries')),
    staleTime: LOCATION_STALE_MS,
  });

export const statesQueryOptions = (countryId: number) =>
  queryOptions({
    queryKey: ['location', 'states', countryId],
    queryFn: async () =>
      dataOrThrow(await apiClient.GET('/location/states/country/{id}', byId(countryId))),
    staleTime: LOCATION_STALE_MS,
  });

export const citiesQueryOptions = (stateId: number) =>
  queryOptions({
    queryKey: ['location', 'cities', stateId],
    queryFn: async () =>
      dataOrThrow(await apiClient.GET('/location/cities/state/{id}', byId(stateId))),
    staleTime: LOCATION_STALE_MS,
  });

export const timezonesQueryOptions = () =>
  queryOptions({
    queryKey: ['location', 'timezones'],
    queryFn: async () => dataOrThrow(await apiClient.GET('/location/timezones')),
    staleTime: LOCATION_STALE_MS,
  });

export const useCountries = () => useQuery(countriesQueryOptions());
export const useStates = (countryId: number | null) =>
  useQuery({ ...statesQueryOptions(countryId ?? 0), enabled: countryId !== null });
export const useCities = (stateId: number | null) =>
  useQuery({ ...citiesQueryOptions(stateId ?? 0), enabled: stateId !== null });
export const useTimezones = () => useQuery(timezonesQueryOptions());
