// The signed-in session as the pages see it (spec section 3, "Auth state"), and what they may do
// with it. The auth feature's `AuthProvider` owns the state; every feature reads it through
// `useAuth` or `useSignedInSession`, which is why it lives here and not in the auth feature.
import type { Session, SessionRole } from '@flowsight/domain/auth';
import { createContext, useContext } from 'react';

export type SessionUser = Session['user'];

export type AuthState = {
  /** False until the stored session has been checked with the server (or found absent). */
  isInitialized: boolean;
  isLoggedIn: boolean;
  user: SessionUser | null;
  roles: readonly SessionRole[];
  activeRole: SessionRole | null;
  /** True after the person signed out themselves (not an expired session): no way back. */
  signedOutByUser: boolean;
};

export type AuthContextValue = AuthState & {
  /** Keeps a session the server just issued (login, MFA): token, roles, active role. */
  startSession: (session: Session) => void;
  /** Forgets the token and active role and shows the person as signed out. */
  signOut: () => void;
  /** Takes a token for another of the user's roles, then reloads the app at `/`. */
  switchRole: (roleId: number) => Promise<void>;
  /** Applies a change to the signed-in user made elsewhere (e.g. the MFA switch). */
  updateUser: (changes: Partial<SessionUser>) => void;
  /** Drops a role the server just deleted, keeping the fresh token it answered, if any. */
  forgetRole: (roleId: number, accessToken?: string) => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === null) {
    throw new Error('useAuth must be used inside an AuthProvider');
  }
  return value;
}

/** The signed-in session, for pages that are only ever rendered behind `RequireAuth`. */
export function useSignedInSession(): AuthContextValue & {
  user: SessionUser;
  activeRole: SessionRole;
} {
  const auth = useAuth();
  const { user, activeRole } = auth;
  if (user === null || activeRole === null) {
    throw new Error('useSignedInSession needs a signed-in user (render it behind RequireAuth)');
  }
  return { ...auth, user, activeRole };
}
