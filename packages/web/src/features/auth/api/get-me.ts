// GET /auth/me: who the stored token belongs to. Session start calls it once, before it refreshes
// the token, so it is a plain fetcher rather than a cached query.
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { readSignedInUser } from '../utils/read-session';

export async function getMe() {
  return readSignedInUser(dataOrThrow(await apiClient.GET('/auth/me')));
}
