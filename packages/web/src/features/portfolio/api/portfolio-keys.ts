// The query keys of the portfolio's reads. Every write invalidates the whole portfolio (lists,
// records, counts); the breadcrumbs read the records' own queries, so a rename or a move shows in
// all of them. The shared place names (pickers and filters) change with them.
import type { QueryClient } from '@tanstack/react-query';
import { placeNamesQueryKey } from '@/lib/place-names';

export const portfolioQueryKey = ['portfolio'] as const;

export async function invalidatePortfolio(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: portfolioQueryKey }),
    queryClient.invalidateQueries({ queryKey: placeNamesQueryKey }),
  ]);
}
