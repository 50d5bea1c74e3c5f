// POST /auth/logout: the server refuses the session's token from now on, so a copy of it left
// anywhere (another tab, a proxy log) is worth nothing. Other sessions of the person go on.
import { apiClient } from '@/lib/api-client';

export async function logout(token: string): Promise<void> {
  // The token is passed explicitly: the stored one is cleared while this call is on its way.
  await apiClient.POST('/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
}
