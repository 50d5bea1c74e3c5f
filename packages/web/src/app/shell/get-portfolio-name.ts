// GET /companies|properties|buildings|units/{id}: the name a breadcrumb shows for a portfolio id,
// read through the record's own query (the key its page uses), so the page and its breadcrumbs
// ask for the record once.
import { useQuery } from '@tanstack/react-query';
import { type RecordLevel, recordQueryOptions } from '@/features/portfolio/api/get-records';

export type PortfolioLevel = RecordLevel;

export function usePortfolioName(level: PortfolioLevel, id: number) {
  return useQuery({
    ...recordQueryOptions(level, id),
    select: (record) => record.name,
    staleTime: 5 * 60_000,
  });
}
