// POST /companies creates a company; PUT /companies/{id} changes one (only the fields it names).
import type { CompanyValues } from '@flowsight/domain/portfolio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type SaveCompanyInput =
  | { id: null; values: CompanyValues }
  | { id: number; values: Partial<CompanyValues> };

export async function saveCompany(input: SaveCompanyInput) {
  return input.id === null
    ? dataOrThrow(await apiClient.POST('/companies', { body: input.values }))
    : dataOrThrow(
        await apiClient.PUT('/companies/{id}', {
          params: { path: { id: input.id } },
          body: input.values,
        }),
      );
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}
