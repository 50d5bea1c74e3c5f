// GET /auth/me: who the stored token belongs to. Session start calls it once, before it refreshes
// the token, so it is a plain fetcher rather than a cached query.
import { sessionSchema } from '@flowsight/domain/auth';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

const meSchema = sessionSchema.pick({ user: true, roles: true, active_role_id: true });

export async function getMe() {
  return meSchema.parse(dataOrThrow(await apiClient.GET('/auth/me')));
}
