// The permission matrix: which role types may call which API route. The server's single guard
// enforces it (a route without an entry cannot even be registered) and the web's navigation reads
// it. Keys are `METHOD /path` below /api, with Fastify's `:param` syntax.
import { RoleType, type RoleTypeId } from './lookups.ts';

export type Access = 'public' | readonly RoleTypeId[];

const { SystemAdmin, SystemSupport, SystemTechnician, CompanyAdmin, CompanyManager } = RoleType;

/** Role types that can sign in to the web application. */
export const SIGNED_IN: readonly RoleTypeId[] = [
  SystemAdmin,
  SystemSupport,
  SystemTechnician,
  CompanyAdmin,
  CompanyManager,
  RoleType.SensorTester,
  RoleType.CompanyInstaller,
];
const STAFF_AND_COMPANY: readonly RoleTypeId[] = [
  SystemAdmin,
  SystemSupport,
  SystemTechnician,
  CompanyAdmin,
  CompanyManager,
];
const USER_MANAGERS: readonly RoleTypeId[] = [SystemAdmin, SystemSupport, CompanyAdmin];
const CONTACT_MANAGERS: readonly RoleTypeId[] = [
  SystemAdmin,
  SystemSupport,
  CompanyAdmin,
  CompanyManager,
];

export const apiAccess: Readonly<Record<string, Access>> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /static': SIGNED_IN,

  'GET /location/countries': SIGNED_IN,
  'GET /location/countries/:id': SIGNED_IN,
  'GET /location/states': SIGNED_IN,
  'GET /location/states/:id': SIGNED_IN,
  'GET /location/states/country/:id': SIGNED_IN,
  'GET /location/cities': SIGNED_IN,
  'GET /location/cities/:id': SIGNED_IN,
  'GET /location/cities/state/:id': SIGNED_IN,
  'GET /location/timezones': SIGNED_IN,
  'GET /location/timezones/:id': SIGNED_IN,
  'GET /location/timezones/country/:id': SIGNED_IN,

  'POST /auth/login': 'public',
  'POST /auth/login-mfa': 'public',
  'POST /auth/forgot-password-email': 'public',
  'POST /auth/forgot-password-reset': 'public',
  'GET /auth/invitation/:token': 'public',
  'POST /auth/register': 'public',
  'GET /auth/me': SIGNED_IN,
  'GET /auth/new-token/:role_id': SIGNED_IN,
  'POST /auth/change-password': SIGNED_IN,
  'PUT /auth/me': SIGNED_IN,

  'GET /companies/:id': STAFF_AND_COMPANY,
  'GET /properties/:id': STAFF_AND_COMPANY,
  'GET /buildings/:id': STAFF_AND_COMPANY,
  'GET /units/:id': STAFF_AND_COMPANY,

  'GET /users': STAFF_AND_COMPANY,
  'POST /users': USER_MANAGERS,
  'GET /users/export-all': [SystemAdmin, SystemSupport, SystemTechnician, CompanyAdmin],
  'GET /users/search-top/:text/5': STAFF_AND_COMPANY,
  'GET /users/:id': STAFF_AND_COMPANY,
  'PUT /users/:id': USER_MANAGERS,
  'DELETE /users/:id': USER_MANAGERS,
  'GET /users/:id/roles': STAFF_AND_COMPANY,
  'POST /users/:id/role': USER_MANAGERS,
  // Anyone may remove one of their own roles (the role list of the header); managers, others'.
  'DELETE /users/roles/:roleId': SIGNED_IN,
  'PUT /users/update-mfa-status/:status': [
    CompanyAdmin,
    CompanyManager,
    RoleType.SensorTester,
    RoleType.CompanyInstaller,
  ],
  'GET /users/:id/notification-contacts': STAFF_AND_COMPANY,
  'POST /users/:id/notification-contacts': CONTACT_MANAGERS,
  'GET /notifications/contacts/:id': STAFF_AND_COMPANY,
  'PUT /notifications/contacts/:id': CONTACT_MANAGERS,
  'DELETE /notifications/contacts/:id': CONTACT_MANAGERS,
};

/**
 * Routes closed to every role of a restricted company (type 3): spec section 6 gives them no
 * users (and, with later issues, no dashboard and no gateways).
 */
export const closedToRestrictedCompanies: ReadonlySet<string> = new Set(
  Object.keys(apiAccess).filter(
    (key) =>
      key.includes(' /users') &&
      // About the caller's own sign-in and roles, which every company keeps.
      key !== 'PUT /users/update-mfa-status/:status' &&
      key !== 'DELETE /users/roles/:roleId',
  ),
);

export function accessFor(method: string, path: string): Access | undefined {
  return apiAccess[`${method.toUpperCase()} ${path}`];
}

export function mayCall(access: Access, roleTypeId: number): boolean {
  return access === 'public' || access.includes(roleTypeId as RoleTypeId);
}
