// GET /companies/{id}/top-gallons-units?from&to&limit: the company's units that used the most
// water over a local date range, with the ids of their company, property and building.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { LocalDateRange } from '@/lib/local-date-range';
import { statisticsQueryKey } from './statistics-record';

export async function getTopUnits(companyId: number, range: LocalDateRange, limit: number) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/top-gallons-units', {
      params: { path: { id: companyId }, query: { from: range.from, to: range.to, limit } },
    }),
  );
}

export type TopUnits = Awaited<ReturnType<typeof getTopUnits>>;

export const topUnitsQueryOptions = (companyId: number, range: LocalDateRange, limit: number) =>
  queryOptions({
    queryKey: [...statisticsQueryKey, 'top-units', companyId, range.from, range.to, limit] as const,
    queryFn: () => getTopUnits(companyId, range, limit),
    placeholderData: keepPreviousData,
  });

export const useTopUnits = (
  companyId: number | null,
  range: LocalDateRange | null,
  limit: number,
) =>
  useQuery({
    ...topUnitsQueryOptions(companyId ?? 0, range ?? { from: '', to: '' }, limit),
    enabled: companyId !== null && range !== null,
  });
