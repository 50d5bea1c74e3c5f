// The session a returning visitor had, kept beside the stored token (spec section 4 keeps the
// token and the active role): its active role and how many roles the person has. It lets the
// first page start its queries with the stored token while the session is restored, and the
// restore ask for a fresh token at once instead of first asking whose token it is. It counts only
// for the token and the active role it was kept with; the restored session replaces it, and
// signing out drops it.
import type { SessionRole } from '@flowsight/domain/auth';
import { readStoredValue, removeStoredValue, writeStoredValue } from '@/lib/browser-storage';
import { getServiceToken, getUserActiveRole } from '@/lib/session-storage';
import { readSessionRole } from './read-session';

export const KEPT_SESSION_KEY = 'keptSession';

/** The signed-in session as the route loaders need it: the active role, and how many there are. */
export type SignedIn = { role: SessionRole; roleCount: number };

type Kept = SignedIn & { token: string };

/** The kept session, if it was kept with the stored token and active role. */
export function readKeptSession(): SignedIn | null {
  const token = getServiceToken();
  const stored = readStoredValue(KEPT_SESSION_KEY);
  if (token === null || stored === null) return null;
  try {
    const kept = JSON.parse(stored) as Partial<Kept>;
    // Checked as the session's answer is, without the schema library the first script leaves out.
    const role = readSessionRole(kept.role);
    if (!role || kept.token !== token || typeof kept.roleCount !== 'number') return null;
    if (String(role.id) !== getUserActiveRole()) return null;
    return { role, roleCount: kept.roleCount };
  } catch {
    return null;
  }
}

/** Keeps `session` with the stored token (or drops what was kept, when signed out). */
export function keepSession(session: SignedIn | null): void {
  const token = getServiceToken();
  if (session === null || token === null) removeStoredValue(KEPT_SESSION_KEY);
  else writeStoredValue(KEPT_SESSION_KEY, JSON.stringify({ ...session, token } satisfies Kept));
}
