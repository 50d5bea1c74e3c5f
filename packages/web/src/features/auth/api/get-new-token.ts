// GET /auth/new-token/{role_id}: a fresh session for one of the signed-in user's own roles. Used
// to refresh the token at session start and to switch the active role.
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { readSession } from '../utils/read-session';

export async function getNewToken(roleId: number) {
  const body = dataOrThrow(
    await apiClient.GET('/auth/new-token/{role_id}', { params: { path: { role_id: roleId } } }),
  );
  return readSession(body);
}
