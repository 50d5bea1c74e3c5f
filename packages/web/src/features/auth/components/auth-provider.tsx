// Owns the session (spec section 4): restores it from the stored token at start, keeps what a
// sign-in returns, and ends it on sign-out (telling the server to refuse the token), on any 401
// from the API, or when the server refuses the start's token refresh.
import type { Session } from '@flowsight/domain/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { resetAnalytics } from '@/lib/analytics';
import { onUnauthorized } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { AuthContext, type AuthContextValue, type AuthState } from '@/lib/session';
import {
  clearSession,
  getServiceToken,
  getUserActiveRole,
  setServiceToken,
  setUserActiveRole,
} from '@/lib/session-storage';
import { getMe } from '../api/get-me';
import { getNewToken } from '../api/get-new-token';
import { logout } from '../api/logout';
import { readKeptSession } from '../utils/kept-session';
import { rememberRoleSwitch } from '../utils/role-switch-notice';

const initializing: AuthState = {
  isInitialized: false,
  isLoggedIn: false,
  user: null,
  roles: [],
  activeRole: null,
  signedOutByUser: false,
};
const signedOut: AuthState = { ...initializing, isInitialized: true };

/** Stores the session's token and active role and returns the state that shows it. */
function keepSession(session: Session): AuthState {
  const activeRole =
    session.roles.find((role) => role.id === session.active_role_id) ?? session.roles[0];
  if (activeRole === undefined) {
    throw new Error('The server issued a session without any role');
  }
  setServiceToken(session.access_token);
  setUserActiveRole(String(activeRole.id));
  return {
    isInitialized: true,
    isLoggedIn: true,
    user: session.user,
    roles: session.roles,
    activeRole,
    signedOutByUser: false,
  };
}

/**
 * Session start: who the stored token belongs to, then a fresh token for the stored active role
 * (or the first role when that one is gone). When the last visit kept the session with this token
 * (`utils/kept-session.ts`), its active role is the token's own, so the fresh token is asked for
 * at once: a token whose role is gone is refused either way.
 */
async function restoreSession(): Promise<Session> {
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

/** The restore started before the first render (`beginSessionRestore`), not yet taken. */
let earlyRestore: Promise<Session> | null = null;

/**
 * Starts restoring the stored session before the app renders (`main.tsx`): its request then runs
 * alongside the page's code instead of after the first render. The provider takes it over.
 */
export function beginSessionRestore(): void {
  if (earlyRestore !== null || getServiceToken() === null) return;
  earlyRestore = restoreSession();
  // Handled once the provider takes it; until then a failure is not an unhandled rejection.
  earlyRestore.catch(() => undefined);
}

/** The restore started early, if any (once), else a new one. */
function takeSessionRestore(): Promise<Session> {
  const restore = earlyRestore ?? restoreSession();
  earlyRestore = null;
  return restore;
}

export type AuthProviderProps = {
  children: ReactNode;
};

export function AuthProvider({ children }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() =>
    getServiceToken() === null ? signedOut : initializing,
  );
  const restoreStarted = useRef(false);

  const showSignedOut = useCallback(
    (byUser: boolean) => {
      // Nothing one user loaded may linger for the next one, nor count as theirs in analytics.
      queryClient.clear();
      resetAnalytics();
      setState({ ...signedOut, signedOutByUser: byUser });
    },
    [queryClient],
  );

  const signOut = useCallback(() => {
    // The server ends the token too; signing out does not wait for it, nor fail with it.
    const token = getServiceToken();
    if (token !== null) logout(token).catch(() => {});
    clearSession();
    showSignedOut(true);
  }, [showSignedOut]);

  const endSession = useCallback(() => {
    clearSession();
    showSignedOut(false);
  }, [showSignedOut]);

  // The API client has already cleared the stored session when it calls this.
  useEffect(() => onUnauthorized(() => showSignedOut(false)), [showSignedOut]);

  useEffect(() => {
    if (restoreStarted.current || getServiceToken() === null) return;
    restoreStarted.current = true;
    takeSessionRestore().then(
      (session) => setState(keepSession(session)),
      (error: unknown) => {
        // The server's answer ends the stored session. A request that never got one (a reload
        // or a closed tab cuts it, the network is down) says nothing about the session: it stays
        // stored for the next load, and this one asks to sign in.
        if (error instanceof ApiError) endSession();
        else showSignedOut(false);
      },
    );
  }, [endSession, showSignedOut]);

  const startSession = useCallback((session: Session) => setState(keepSession(session)), []);

  const switchRole = useCallback(async (roleId: number) => {
    const next = keepSession(await getNewToken(roleId));
    rememberRoleSwitch(next.activeRole?.description ?? '');
    // Spec section 4: a role switch starts the app afresh at the root.
    window.location.assign('/');
  }, []);

  const updateUser = useCallback<AuthContextValue['updateUser']>((changes) => {
    setState((current) =>
      current.user === null ? current : { ...current, user: { ...current.user, ...changes } },
    );
  }, []);

  const forgetRole = useCallback<AuthContextValue['forgetRole']>((roleId, accessToken) => {
    // The server ends the owner's older tokens when a role goes and hands the caller a new one.
    if (accessToken !== undefined) setServiceToken(accessToken);
    setState((current) => ({
      ...current,
      roles: current.roles.filter((role) => role.id !== roleId),
    }));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, startSession, signOut, switchRole, updateUser, forgetRole }),
    [state, startSession, signOut, switchRole, updateUser, forgetRole],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}
