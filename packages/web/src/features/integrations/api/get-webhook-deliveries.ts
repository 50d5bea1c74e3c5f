// GET /webhooks/{id}/deliveries: one page of an endpoint's deliveries, newest first, each with
// every attempt and what the receiver answered.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { webhooksQueryKey } from './get-webhooks';

export type DeliveriesPage = { page: number; limit: number; sortBy: string };

export async function getWebhookDeliveries(id: number, paging: DeliveriesPage) {
  return dataOrThrow(
    await apiClient.GET('/webhooks/{id}/deliveries', {
      params: { path: { id }, query: paging },
    }),
  );
}

export type WebhookDelivery = Awaited<ReturnType<typeof getWebhookDeliveries>>['data'][number];

export const webhookDeliveriesQueryKey = (id: number, paging?: DeliveriesPage) =>
  [...webhooksQueryKey, id, 'deliveries', ...(paging ? [paging] : [])] as const;

export function useWebhookDeliveries(id: number | null, paging: DeliveriesPage) {
  return useQuery({
    queryKey: webhookDeliveriesQueryKey(id ?? 0, paging),
    queryFn: () => getWebhookDeliveries(id ?? 0, paging),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}
