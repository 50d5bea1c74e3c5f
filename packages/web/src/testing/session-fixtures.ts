// Sessions and roles as the API issues them, and the address the page tests' places share, typed
// against the generated OpenAPI answers so a fixture cannot drift from the API.
import type { Session, SessionRole } from '@flowsight/domain/auth';
import { describeRole } from '@flowsight/domain/roles';
import type { ApiBody } from './mock-api';

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

export function sessionFixture(
  overrides: Partial<Session> = {},
): Session & ApiBody<'/auth/new-token/{role_id}'> {
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
export function meOf(session: Session): ApiBody<'/auth/me'> {
  return { user: session.user, roles: session.roles, active_role_id: session.active_role_id };
}

/** The roles page tests sign in with: a system admin, and Harbor Homes' (company 1) admin and manager. */
export const systemAdminRole = roleFixture({
  id: 21,
  user_role_type_id: 1,
  company_id: null,
  company_type_id: null,
  company_name: null,
});
export const companyAdminRole = roleFixture({ id: 31, user_role_type_id: 4, company_id: 1 });
export const managerRole = roleFixture({ id: 32, user_role_type_id: 5, company_id: 1 });

/** The address the place fixtures of page tests share (Harbor Homes, Boston). */
export const harborAddress = {
  street: '1 Harbor Way',
  city_id: 10,
  city_name: 'Boston',
  state_id: 5,
  state_name: 'Massachusetts',
  country_id: 233,
  postal: '02110',
};

/** Harbor Homes (company 1) as `GET /companies/1` answers it. */
export const harborCompany: ApiBody<'/companies/{id}'> = {
  id: 1,
  name: 'Harbor Homes',
  company_type_id: 1,
  allow_assignment: false,
  phone: null,
  email: null,
  timezone_id: null,
  ...harborAddress,
  properties_count: 1,
  buildings_count: 1,
  units_count: 2,
  created_at: '2026-01-05T10:00:00.000Z',
  billing_properties: [],
};

/** Harbor Point (property 7 of Harbor Homes); tests add the figures their list shows. */
export const harborPoint = {
  id: 7,
  name: 'Harbor Point',
  company_id: 1,
  company_name: 'Harbor Homes',
  timezone_id: 3,
  timezone_name: 'America/New_York',
  property_type_id: 1,
  water_price_per_kgal: 12.5,
  ...harborAddress,
  buildings_count: 1,
  units_count: 2,
  created_at: '2026-01-05T10:00:00.000Z',
};

/** North Tower (building 9 of Harbor Point). */
export const northTower = {
  id: 9,
  name: 'North Tower',
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  floors: 12,
  building_type_id: 4,
  installation_type_id: 1,
  survey_status: 1,
  ...harborAddress,
  units_count: 2,
  tenants_count: 3,
  created_at: '2026-01-05T10:00:00.000Z',
};

/** Apt 101 (unit 11 of North Tower). */
export const apt101 = {
  id: 11,
  name: 'Apt 101',
  company_id: 1,
  company_name: 'Harbor Homes',
  property_id: 7,
  property_name: 'Harbor Point',
  building_id: 9,
  building_name: 'North Tower',
  floor: 1,
  unit_category_id: 1,
  unit_type_id: 2,
  unit_state_id: 1,
  tenants: 2,
  sensors_count: 4,
  created_at: '2026-01-05T10:00:00.000Z',
};
