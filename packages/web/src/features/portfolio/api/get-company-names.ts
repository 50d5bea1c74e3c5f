// GET /companies/names: every company the caller may see, for the property move and the
// properties list's company filter.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { portfolioQueryKey } from './portfolio-keys';

export const companyNamesQueryOptions = () =>
  queryOptions({
    queryKey: [...portfolioQueryKey, 'company-names'],
    queryFn: async () => dataOrThrow(await apiClient.GET('/companies/names')),
  });

export const useCompanyNames = (enabled = true) =>
  useQuery({ ...companyNamesQueryOptions(), enabled });
