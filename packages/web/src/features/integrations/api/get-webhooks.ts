// GET /companies/{id}/webhooks: a company's outgoing webhook endpoints (never their secrets).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export const webhooksQueryKey = ['webhooks'] as const;

export async function getWebhooks(companyId: number) {
  return dataOrThrow(
    await apiClient.GET('/companies/{id}/webhooks', { params: { path: { id: companyId } } }),
  );
}

export type Webhook = Awaited<ReturnType<typeof getWebhooks>>[number];
export type WebhookEventType = Webhook['events'][number];

/** The events an endpoint may take, in the order the form lists them. */
export const webhookEventTypes: readonly WebhookEventType[] = [
  'alert.opened',
  'alert.acknowledged',
  'alert.closed',
  'alert.escalated',
];

export function webhooksQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: [...webhooksQueryKey, companyId],
    queryFn: () => getWebhooks(companyId),
  });
}

export function useWebhooks(companyId: number | null) {
  return useQuery({ ...webhooksQueryOptions(companyId ?? 0), enabled: companyId !== null });
}
