// Acting on alerts beyond one status change ("Alert hygiene"):
// POST /notifications/bulk-status (many alerts at once, each refused one reported by id),
// GET /notifications/ids (every alert matching a list's filters, for "select all matching"),
// PUT /notifications/{id}/assignee and GET /notifications/{id}/assignable-users (who acts),
// PUT and DELETE /notifications/{id}/snooze (a leak alert set aside with a reason).
// Each change invalidates every alert query, so the lists, the bell and an open alert refresh.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import type { operations } from '@/lib/api-schema';
import { alertsQueryKey } from './alert-keys';
import type { Alert } from './get-alert';

/** An alert as the lists and the dialog read it, with who acts, its snooze and its device's alerts. */
export type ActionableAlert = Alert;
/** What the newest event of an alert was; `by` null is the system. */
export type AlertLastAction = NonNullable<Alert['last_action']>;

/** The most ids one bulk call takes; a larger selection goes in several calls. */
export const BULK_STATUS_MAX_IDS = 1000;

type IdsQuery = NonNullable<operations['listAlertIds']['parameters']['query']>;

/** Every alert id matching `query` (the list's filters), at most 5000, and how many matched. */
export async function getMatchingAlertIds(query: Record<string, string>) {
  return dataOrThrow(
    await apiClient.GET('/notifications/ids', { params: { query: query as IdsQuery } }),
  );
}

export type BulkStatusChange = { ids: readonly number[]; statusId: 2 | 3; note?: string };
export type BulkStatusResult = Awaited<ReturnType<typeof setAlertsStatus>>;

/** Changes the alerts' status, a thousand at a time; the answers are merged. */
export async function setAlertsStatus({ ids, statusId, note }: BulkStatusChange) {
  const result: { changed: number[]; failed: { id: number; message: string }[] } = {
    changed: [],
    failed: [],
  };
  for (let start = 0; start < ids.length; start += BULK_STATUS_MAX_IDS) {
    const part = dataOrThrow(
      await apiClient.POST('/notifications/bulk-status', {
        body: {
          ids: ids.slice(start, start + BULK_STATUS_MAX_IDS),
          status_id: statusId,
          ...(note === undefined ? {} : { note }),
        },
      }),
    );
    result.changed.push(...part.changed);
    result.failed.push(...part.failed);
  }
  return result;
}

export async function getAssignableUsers(id: number) {
  return dataOrThrow(
    await apiClient.GET('/notifications/{id}/assignable-users', { params: { path: { id } } }),
  );
}
export type AssignableUser = Awaited<ReturnType<typeof getAssignableUsers>>[number];

export async function setAlertAssignee({ id, userId }: { id: number; userId: number | null }) {
  return dataOrThrow(
    await apiClient.PUT('/notifications/{id}/assignee', {
      params: { path: { id } },
      body: { user_id: userId },
    }),
  );
}

export async function snoozeAlert({
  id,
  until,
  reason,
}: {
  id: number;
  until: string;
  reason: string;
}) {
  return dataOrThrow(
    await apiClient.PUT('/notifications/{id}/snooze', {
      params: { path: { id } },
      body: { until, reason },
    }),
  );
}

export async function endAlertSnooze(id: number) {
  return dataOrThrow(
    await apiClient.DELETE('/notifications/{id}/snooze', { params: { path: { id } } }),
  );
}

/** A mutation that refreshes every alert query once it settles. */
function useAlertMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}

export const useSetAlertsStatus = () => useAlertMutation(setAlertsStatus);
export const useSetAlertAssignee = () => useAlertMutation(setAlertAssignee);
export const useSnoozeAlert = () => useAlertMutation(snoozeAlert);
export const useEndAlertSnooze = () => useAlertMutation(endAlertSnooze);

/** The people the alert may be assigned to, once `enabled`. */
export function useAssignableUsers(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...alertsQueryKey, 'assignable-users', id],
    queryFn: () => getAssignableUsers(id),
    enabled,
    staleTime: 60_000,
  });
}
