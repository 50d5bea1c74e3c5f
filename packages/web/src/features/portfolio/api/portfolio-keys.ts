// The query keys of the portfolio's reads. Every write invalidates the whole portfolio (lists,
// records, counts); the breadcrumbs read the records' own queries, so a rename or a move shows in
// all of them.
import type { QueryClient } from '@tanstack/react-query';

export const portfolioQueryKey = ['portfolio'] as const;

export async function invalidatePortfolio(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: portfolioQueryKey });
}
