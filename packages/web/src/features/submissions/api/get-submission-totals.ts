// GET /{companies|properties|buildings|units}/{id}/submissions-gallons-count: gallons and readings
// of a place between local dates (from the daily rollup, so every kind of usage reading counts).
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { submissionsQueryKey } from './get-submissions';

const totalsPaths = {
  company: '/companies/{id}/submissions-gallons-count',
  property: '/properties/{id}/submissions-gallons-count',
  building: '/buildings/{id}/submissions-gallons-count',
  unit: '/units/{id}/submissions-gallons-count',
} as const;

export type TotalsRange = { start_date?: string; end_date?: string };

export async function getSubmissionTotals(level: PortfolioLevel, id: number, range: TotalsRange) {
  return dataOrThrow(
    await apiClient.GET(totalsPaths[level], { params: { path: { id }, query: range } }),
  );
}

export function submissionTotalsQueryOptions(
  level: PortfolioLevel,
  id: number,
  range: TotalsRange,
) {
  return queryOptions({
    queryKey: [...submissionsQueryKey, 'totals', level, id, range],
    queryFn: () => getSubmissionTotals(level, id, range),
  });
}

export function useSubmissionTotals(level: PortfolioLevel, id: number, range: TotalsRange) {
  return useQuery(submissionTotalsQueryOptions(level, id, range));
}
