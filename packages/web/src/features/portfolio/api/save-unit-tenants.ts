// PUT /units/{id}/tenants: sets how many tenants live in the unit (the roles that edit units),
// without opening the whole unit form.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type SaveUnitTenantsInput = { id: number; tenants: number };

export async function saveUnitTenants({ id, tenants }: SaveUnitTenantsInput) {
  return dataOrThrow(
    await apiClient.PUT('/units/{id}/tenants', { params: { path: { id } }, body: { tenants } }),
  );
}

export function useSaveUnitTenants() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUnitTenants,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}
