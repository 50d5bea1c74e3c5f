// The calls that change a company's webhooks: register one (its secret in the answer, shown
// once), change, remove, rotate its secret (the new one shown once) and send a test event now.
// Each refreshes the company's list; a test also refreshes the endpoint's deliveries.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { WebhookEventType } from './get-webhooks';
import { webhooksQueryKey } from './get-webhooks';

export type WebhookFields = {
  url: string;
  description: string;
  events: WebhookEventType[];
};

export async function createWebhook(companyId: number, body: WebhookFields) {
  return dataOrThrow(
    await apiClient.POST('/companies/{id}/webhooks', {
      params: { path: { id: companyId } },
      body,
    }),
  );
}
export type CreatedWebhook = Awaited<ReturnType<typeof createWebhook>>;

export async function updateWebhook(
  id: number,
  body: Partial<WebhookFields> & { enabled?: boolean },
) {
  return dataOrThrow(await apiClient.PUT('/webhooks/{id}', { params: { path: { id } }, body }));
}

export async function deleteWebhook(id: number) {
  return dataOrThrow(await apiClient.DELETE('/webhooks/{id}', { params: { path: { id } } }));
}

export async function rotateWebhookSecret(id: number) {
  return dataOrThrow(
    await apiClient.POST('/webhooks/{id}/rotate-secret', { params: { path: { id } } }),
  );
}

export async function testWebhook(id: number) {
  return dataOrThrow(await apiClient.POST('/webhooks/{id}/test', { params: { path: { id } } }));
}
export type WebhookTestResult = Awaited<ReturnType<typeof testWebhook>>;

/** A change whose answer refreshes every webhook read (lists and deliveries). */
function useWebhookChange<A, R>(call: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey }),
  });
}

export const useCreateWebhook = () =>
  useWebhookChange((args: { companyId: number; body: WebhookFields }) =>
    createWebhook(args.companyId, args.body),
  );
export const useUpdateWebhook = () =>
  useWebhookChange((args: { id: number; body: Partial<WebhookFields> & { enabled?: boolean } }) =>
    updateWebhook(args.id, args.body),
  );
export const useDeleteWebhook = () => useWebhookChange(deleteWebhook);
export const useRotateWebhookSecret = () => useWebhookChange(rotateWebhookSecret);
export const useTestWebhook = () => useWebhookChange(testWebhook);
