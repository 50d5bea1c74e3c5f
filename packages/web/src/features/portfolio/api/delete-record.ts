// DELETE /companies|properties|buildings|units/{id}. While anything still belongs to the record
// the server refuses with 409 and a message naming what (e.g. "This property still has 2
// buildings. Move or delete them first."), which the page shows as it is.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio, portfolioQueryKey } from './portfolio-keys';

export async function deleteRecord({ level, id }: { level: PortfolioLevel; id: number }) {
  const params = { params: { path: { id } } };
  switch (level) {
    case 'company':
      return dataOrThrow(await apiClient.DELETE('/companies/{id}', params));
    case 'property':
      return dataOrThrow(await apiClient.DELETE('/properties/{id}', params));
    case 'building':
      return dataOrThrow(await apiClient.DELETE('/buildings/{id}', params));
    case 'unit':
      return dataOrThrow(await apiClient.DELETE('/units/{id}', params));
    default: {
      const unreachable: never = level;
      return unreachable;
    }
  }
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    // The deleted record's own queries would answer 404 now: drop them rather than refetch.
    onSuccess: (_answer, { level, id }) => {
      queryClient.removeQueries({ queryKey: [...portfolioQueryKey, 'record', level, id] });
      return invalidatePortfolio(queryClient);
    },
  });
}
