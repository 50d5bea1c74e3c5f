// GET /companies/{id}/top-gallons-properties?from&to&limit: the company's properties that used
// the most water over a local date range, with their unit counts.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { LocalDateRange } from '@/lib/local-date-range';
import { statisticsQueryKey } from './statistics-record';

export async function getTopProperties(companyId: number, range: LocalDateRange, limit: number) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/top-gallons-properties', {
      params: { path: { id: companyId }, query: { from: range.from, to: range.to, limit } },
    }),
  );
}

export type TopProperties = Awaited<ReturnType<typeof getTopProperties>>;

export const topPropertiesQueryOptions = (
  companyId: number,
  range: LocalDateRange,
  limit: number,
) =>
  queryOptions({
    queryKey: [
      ...statisticsQueryKey,
      'top-properties',
      companyId,
      range.from,
      range.to,
      limit,
    ] as const,
    queryFn: () => getTopProperties(companyId, range, limit),
    placeholderData: keepPreviousData,
  });

export const useTopProperties = (
  companyId: number | null,
  range: LocalDateRange | null,
  limit: number,
) =>
  useQuery({
    ...topPropertiesQueryOptions(companyId ?? 0, range ?? { from: '', to: '' }, limit),
    enabled: companyId !== null && range !== null,
  });
