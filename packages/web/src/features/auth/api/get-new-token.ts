// GET /auth/new-token/{role_id}: a fresh session for one of the signed-in user's own roles. Used
// to refresh the token at session start and to switch the active role.
import { sessionSchema } from '@flowsight/domain/auth';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

export async function getNewToken(roleId: number) {
  const body = dataOrThrow(
    await apiClient.GET('/auth/new-token/{role_id}', { params: { path: { role_id: roleId } } }),
  );
  return sessionSchema.parse(body);
}
