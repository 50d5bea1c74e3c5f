// GET and POST /buildings/{id}/shipping-contact: who receives the building's shipments, and where
// (null until one is set); saving replaces the one before.
import type { ShippingContact, ShippingContactInput } from '@flowsight/domain/survey';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { surveyKeys } from './survey-keys';
import { surveyRequest } from './survey-request';

export function getShippingContact(buildingId: number) {
  return surveyRequest<ShippingContact | null>('GET', `/buildings/${buildingId}/shipping-contact`);
}

export function saveShippingContact(buildingId: number, body: ShippingContactInput) {
  return surveyRequest<ShippingContact>('POST', `/buildings/${buildingId}/shipping-contact`, body);
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
