// PUT /properties/{property_id}/change-company/{company_id}/{transfer} and
// PUT /buildings/{id}/change-property/{property_id}/{transfer}. transfer 1 takes the micrometers
// and their history along; 0 unassigns the micrometers first.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type MoveInput = {
  level: 'property' | 'building';
  id: number;
  /** The new company (property) or property (building). */
  targetId: number;
  transfer: boolean;
};

export async function moveRecord({ level, id, targetId, transfer }: MoveInput) {
  const flag = transfer ? '1' : '0';
  return level === 'property'
    ? dataOrThrow(
        await apiClient.PUT('/properties/{property_id}/change-company/{company_id}/{transfer}', {
          params: { path: { property_id: id, company_id: targetId, transfer: flag } },
        }),
      )
    : dataOrThrow(
        await apiClient.PUT('/buildings/{id}/change-property/{property_id}/{transfer}', {
          params: { path: { id, property_id: targetId, transfer: flag } },
        }),
      );
}

export function useMoveRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveRecord,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}
