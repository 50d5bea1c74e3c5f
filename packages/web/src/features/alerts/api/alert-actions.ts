// Acting on alerts beyond one status change (issue 22, "Alert hygiene"):
// POST /notifications/bulk-status (many alerts at once, each refused one reported by id),
// GET /notifications/ids (every alert matching a list's filters, for "select all matching"),
// PUT /notifications/{id}/assignee and GET /notifications/{id}/assignable-users (who acts),
// PUT and DELETE /notifications/{id}/snooze (a leak alert set aside with a reason).
// Each change invalidates every alert query, so the lists, the bell and an open alert refresh.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchWithSession } from '@/lib/api-client';
import { toApiError } from '@/lib/api-error';
import { alertsQueryKey } from './alert-keys';
import type { Alert } from './get-alert';

/** What the newest event of an alert was; `by` null is the system. */
export type AlertLastAction = {
  kind:
    | 'opened'
    | 'acknowledged'
    | 'closed'
    | 'assigned'
    | 'unassigned'
    | 'snoozed'
    | 'snooze-ended'
    | 'reopened';
  at: string;
  by: string | null;
};

/** What every alert answer carries about who acts, its snooze and its device's other alerts. */
export type AlertActionFields = {
  assigned_to_user_id: number | null;
  assigned_to_name: string | null;
  last_action: AlertLastAction | null;
  snoozed_until: string | null;
  snooze_reason: string | null;
  device_open_alerts: { id: number; notification_type_id: number }[];
};

/** An alert as the lists and the dialog read it (older answers may lack the action fields). */
export type ActionableAlert = Alert & Partial<AlertActionFields>;

export type AssignableUser = { id: number; name: string; email: string };
export type BulkStatusResult = { changed: number[]; failed: { id: number; message: string }[] };

/** The most ids one bulk call takes; a larger selection goes in several calls. */
export const BULK_STATUS_MAX_IDS = 1000;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetchWithSession(path, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  if (!response.ok) throw toApiError(response, parsed);
  return parsed as T;
}

/** Every alert id matching `query` (the list's filters), at most 5000, and how many matched. */
export const getMatchingAlertIds = (query: Record<string, string>) =>
  call<{ ids: number[]; total: number }>('GET', `/notifications/ids?${new URLSearchParams(query)}`);

export type BulkStatusChange = { ids: readonly number[]; statusId: 2 | 3; note?: string };

/** Changes the alerts' status, a thousand at a time; the answers are merged. */
export async function setAlertsStatus({ ids, statusId, note }: BulkStatusChange) {
  const result: BulkStatusResult = { changed: [], failed: [] };
  for (let start = 0; start < ids.length; start += BULK_STATUS_MAX_IDS) {
    const part = await call<BulkStatusResult>('POST', '/notifications/bulk-status', {
      ids: ids.slice(start, start + BULK_STATUS_MAX_IDS),
      status_id: statusId,
      ...(note === undefined ? {} : { note }),
    });
    result.changed.push(...part.changed);
    result.failed.push(...part.failed);
  }
  return result;
}

export const getAssignableUsers = (id: number) =>
  call<AssignableUser[]>('GET', `/notifications/${id}/assignable-users`);

export const setAlertAssignee = ({ id, userId }: { id: number; userId: number | null }) =>
  call<ActionableAlert>('PUT', `/notifications/${id}/assignee`, { user_id: userId });

export const snoozeAlert = ({ id, until, reason }: { id: number; until: string; reason: string }) =>
  call<ActionableAlert>('PUT', `/notifications/${id}/snooze`, { until, reason });

export const endAlertSnooze = (id: number) =>
  call<ActionableAlert>('DELETE', `/notifications/${id}/snooze`);

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
