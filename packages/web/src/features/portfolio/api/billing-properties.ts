// POST and DELETE /companies/{id}/billing-company-properties/{propertyId}: bill the company for a
// property of another company, or stop (company managers: system admins and support). The company
// page lists the properties it is billed for from GET /companies/{id} (`billing_properties`).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { invalidatePortfolio } from './portfolio-keys';

export type BillingPropertyInput = { companyId: number; propertyId: number };

const pathOf = ({ companyId, propertyId }: BillingPropertyInput) => ({
  params: { path: { id: companyId, propertyId } },
});

export async function addBillingProperty(input: BillingPropertyInput) {
  return dataOrThrow(
    await apiClient.POST('/companies/{id}/billing-company-properties/{propertyId}', pathOf(input)),
  );
}

export async function removeBillingProperty(input: BillingPropertyInput) {
  return dataOrThrow(
    await apiClient.DELETE(
      '/companies/{id}/billing-company-properties/{propertyId}',
      pathOf(input),
    ),
  );
}

export function useAddBillingProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBillingProperty,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}

export function useRemoveBillingProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBillingProperty,
    onSuccess: () => invalidatePortfolio(queryClient),
  });
}
