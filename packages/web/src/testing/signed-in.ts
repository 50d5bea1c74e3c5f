// A page test's signed-in start: the stored token and active role as after a sign-in, and a mock
// API that answers the session's calls (`/auth/me`, the role's token) beside the page's handlers.
import type { Session, SessionRole } from '@flowsight/domain/auth';
import { setServiceToken, setUserActiveRole } from '@/lib/session-storage';
import { type MockApi, type MockApiHandler, mockApi, reply } from './mock-api';
import { meOf, sessionFixture } from './session-fixtures';

type Handlers = Record<string, MockApiHandler>;

/** Signs in as `role` (its only role); `handlers` may depend on the session, e.g. its user id. */
export function signedInApi(
  role: SessionRole,
  handlers: Handlers | ((session: Session) => Handlers) = {},
): MockApi {
  const session = sessionFixture({ roles: [role], active_role_id: role.id });
  setServiceToken('stored-token');
  setUserActiveRole(String(role.id));
  return mockApi({
    'GET /auth/me': () => reply(200, meOf(session)),
    [`GET /auth/new-token/${role.id}`]: () => reply(200, session),
    ...(typeof handlers === 'function' ? handlers(session) : handlers),
  });
}
