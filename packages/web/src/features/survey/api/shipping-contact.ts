// GET and POST /buildings/{id}/shipping-contact: who receives the building's shipments, and where
// (null until one is set); saving replaces the one before.
import type { ShippingContact, ShippingContactInput } from '@flowsight/domain/survey';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow, toApiError } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

export async function getShippingContact(buildingId: number): Promise<ShippingContact | null> {
  const { data, error, response } = await apiClient.GET('/buildings/{id}/shipping-contact', {
    params: { path: { id: buildingId } },
  });
  if (error !== undefined || !response.ok) throw toApiError(response, error);
  // No contact yet: the answer is a JSON null.
  return data ?? null;
}

export async function saveShippingContact(
  buildingId: number,
  body: ShippingContactInput,
): Promise<ShippingContact> {
  return dataOrThrow(
    await apiClient.POST('/buildings/{id}/shipping-contact', {
      params: { path: { id: buildingId } },
      body,
    }),
  );
}

export function shippingContactQueryOptions(buildingId: number) {
  return queryOptions({
    queryKey: surveyKeys.shippingContact(buildingId),
    queryFn: () => getShippingContact(buildingId),
  });
}

export const useShippingContact = (buildingId: number) =>
  useQuery(shippingContactQueryOptions(buildingId));

export function useSaveShippingContact(buildingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingContactInput) => saveShippingContact(buildingId, body),
    onSuccess: (contact) =>
      queryClient.setQueryData(surveyKeys.shippingContact(buildingId), contact),
  });
}
