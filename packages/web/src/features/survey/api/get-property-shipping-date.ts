// GET /properties/{id}/shipping-date: the property's next planned shipment across its buildings,
// else its last one (null: none yet).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

export async function getPropertyShippingDate(propertyId: number) {
  return dataOrThrow(
    await apiClient.GET('/properties/{id}/shipping-date', { params: { path: { id: propertyId } } }),
  );
}

export function propertyShippingDateQueryOptions(propertyId: number) {
  return queryOptions({
    queryKey: surveyKeys.propertyShippingDate(propertyId),
    queryFn: () => getPropertyShippingDate(propertyId),
  });
}

export const usePropertyShippingDate = (propertyId: number) =>
  useQuery(propertyShippingDateQueryOptions(propertyId));
