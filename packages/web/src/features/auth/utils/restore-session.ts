// Session start (spec section 4): who the stored token belongs to, then a fresh token for the
// stored active role (or the first role when that one is gone). When the last visit kept the
// session with this token (`kept-session.ts`), its active role is the token's own, so the fresh
// token is asked for at once: a token whose role is gone is refused either way. The browser entry
// starts it before the first render (`startSessionRestore`), so it runs while the app's code
// evaluates and renders; the auth provider takes that start, or starts it itself.
import type { Session } from '@flowsight/domain/auth';
import { getServiceToken, getUserActiveRole } from '@/lib/session-storage';
import { getMe } from '../api/get-me';
import { getNewToken } from '../api/get-new-token';
import { readKeptSession } from './kept-session';

export async function restoreSession(): Promise<Session> {
  const kept = readKeptSession();
  if (kept !== null) return getNewToken(kept.role.id);
  const me = await getMe();
  const storedRoleId = Number(getUserActiveRole());
  const role = me.roles.find((candidate) => candidate.id === storedRoleId) ?? me.roles[0];
  if (role === undefined) {
    throw new Error('The signed-in user has no role');
  }
  return getNewToken(role.id);
}

let started: Promise<Session> | null = null;

/** Starts restoring the stored session, if there is one, for the auth provider to take. */
export function startSessionRestore(): void {
  if (started !== null || getServiceToken() === null) return;
  started = restoreSession();
  // Its outcome is handled where it is taken; until then a refusal is not an unhandled one.
  started.catch(() => undefined);
}

/** The restore `startSessionRestore` began (once), or a new one. */
export function takeSessionRestore(): Promise<Session> {
  const restore = started ?? restoreSession();
  started = null;
  return restore;
}
