// GET /companies/names: the companies the alerts list's company filter offers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const alertCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: ['alert-filter-companies'],
    queryFn: async () => dataOrThrow(await apiClient.GET('/companies/names')),
    staleTime: 60_000,
  });

export const useAlertCompanies = (enabled = true) =>
  useQuery({ ...alertCompaniesQueryOptions(), enabled });
