// GET /companies/names: the companies the event log's company filter offers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const eventCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: ['events', 'company-names'],
    queryFn: async () => dataOrThrow(await apiClient.GET('/companies/names')),
    staleTime: 60_000,
  });

export const useEventCompanies = () => useQuery(eventCompaniesQueryOptions());
