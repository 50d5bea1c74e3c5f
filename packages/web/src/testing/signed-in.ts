// A page test's signed-in start: the stored token and active role as after a sign-in, and a mock
// API that answers the session's calls (`/auth/me`, the role's token) beside the page's handlers.
import type { Session, SessionRole } from '@flowsight/domain/auth';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { answer, type MockApi, type MockApiHandler, mockApi } from './mock-api';
import { meOf, sessionFixture } from './session-fixtures';

type Handlers = Record<string, MockApiHandler>;

export type SignedInOptions = {
  /** The user's roles, in the order the API lists them. */
  roles: SessionRole[];
  /** The active one; the first by default. */
  activeRoleId?: number;
  /** The page's handlers; they may depend on the session, e.g. its user id. */
  handlers?: Handlers | ((session: Session) => Handlers);
  /** The user, when the page test needs another than the fixture's. */
  user?: Partial<Session['user']>;
};

/** Signs in with `roles` (`activeRoleId` active): the mock API and the session it answers. */
export function signedInWith({
  roles,
  activeRoleId = roles[0]?.id ?? 0,
  handlers = {},
  user = {},
}: SignedInOptions): { api: MockApi; session: Session } {
  const fixture = sessionFixture({ roles, active_role_id: activeRoleId });
  const session = { ...fixture, user: { ...fixture.user, ...user } };
  setServiceToken('stored-token');
  setUserActiveRole(String(activeRoleId));
  const api = mockApi({
    'GET /auth/me': answer('/auth/me', 'get', meOf(session)),
    [`GET /auth/new-token/${activeRoleId}`]: answer('/auth/new-token/{role_id}', 'get', session),
    ...(typeof handlers === 'function' ? handlers(session) : handlers),
  });
  return { api, session };
}

/** Signs in as `role` (its only role); `handlers` may depend on the session, e.g. its user id. */
export function signedInApi(
  role: SessionRole,
  handlers: Handlers | ((session: Session) => Handlers) = {},
): MockApi {
  return signedInWith({ roles: [role], handlers }).api;
}
