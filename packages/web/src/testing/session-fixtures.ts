// Sessions as the API issues them, for tests of the sign-in pages and the session store.
import type { Session, SessionRole } from '@flowsight/domain/auth';
import { describeRole } from '@flowsight/domain/roles';

export function roleFixture(overrides: Partial<SessionRole> = {}): SessionRole {
  const role = {
    id: 11,
    user_role_type_id: 4,
    company_id: 1,
    property_id: null,
    building_id: null,
    unit_id: null,
    company_type_id: 1,
    allow_assignment: false,
    company_name: 'Harbor Homes',
    property_name: null,
    building_name: null,
    unit_name: null,
    ...overrides,
  };
  return { description: describeRole(role.user_role_type_id, role), ...role };
}

export function sessionFixture(overrides: Partial<Session> = {}): Session {
  const roles = overrides.roles ?? [roleFixture()];
  return {
    user: {
      id: 7,
      email: 'dana.ortiz@flowsight.test',
      first_name: 'Dana',
      last_name: 'Ortiz',
      mfa: 0,
    },
    roles,
    active_role_id: roles[0]?.id ?? 0,
    access_token: 'token-for-first-role',
    mfa_enabled: false,
    ...overrides,
  };
}

/** The `GET /auth/me` answer for a session. */
export function meOf(session: Session) {
  return { user: session.user, roles: session.roles, active_role_id: session.active_role_id };
}
