// The query keys of the portfolio's reads. Every write invalidates the whole portfolio (lists,
// records, counts) and the breadcrumbs' names, since a rename or a move shows in all of them.
import type { QueryClient } from '@tanstack/react-query';

export const portfolioQueryKey = ['portfolio'] as const;
/** The shell's breadcrumb names (`app/shell/get-portfolio-name.ts`). */
const breadcrumbNamesKey = ['portfolio-name'] as const;

export async function invalidatePortfolio(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: portfolioQueryKey }),
    queryClient.invalidateQueries({ queryKey: breadcrumbNamesKey }),
  ]);
}
