// Tenant isolation, generated from the registered routes: every /api route × every role type that
// can sign in × the caller's own records versus another company's. It checks that the access table
// is obeyed (403 outside it), that another company's record is never returned (404, and its marker
// texts never appear) and never changed (no row of its tables is written). A registered
// route without an entry in `routeSamples` fails the test, so every later route is covered.
import { accessFor, mayCall } from '@flowsight/domain/access';
import { RoleType, type RoleTypeId } from '@flowsight/domain/lookups';
import { isSystemRole } from '@flowsight/domain/roles';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationContacts } from './db/schema/alerts.ts';
import { userRoles, users } from './db/schema/identity.ts';
import { alertMailSamples } from './modules/alert-mail/alert-mail.isolation.ts';
import { alertSamples } from './modules/alerts/alerts.isolation.ts';
import { eventSamples } from './modules/events/events.isolation.ts';
import { fleetSettingsSamples } from './modules/fleet-settings/fleet-settings.isolation.ts';
import { flumeSamples } from './modules/flume/flume.isolation.ts';
import { gatewaySamples } from './modules/gateways/gateways.isolation.ts';
import { reportSamples } from './modules/reports/reports.isolation.ts';
import { sensorTestSamples } from './modules/sensor-tests/sensor-tests.isolation.ts';
import { sensorSamples } from './modules/sensors/sensors.isolation.ts';
import { surveySamples } from './modules/surveys/surveys.isolation.ts';
import { thresholdSamples } from './modules/thresholds/thresholds.isolation.ts';
import { storeSampleUpload, uploadSamples } from './modules/uploads/uploads.isolation.ts';
import { usageSamples } from './modules/usage/usage.isolation.ts';
import { webhookSamples } from './modules/webhooks/webhooks.isolation.ts';
import { buildTestApp, type TestApp } from './testing/app.ts';
import {
  type Company,
  companyGet,
  firstOfGet,
  type Method,
  OK,
  other,
  partOf,
  placeIds,
  probesOf,
  type Request,
  type Sample,
  type Tenant,
  tenantlessGet,
  type World,
} from './testing/isolation-kit.ts';
import { demoParts, insertSitePerson, type SitePlace } from './testing/site-staff.ts';

const firstUserOf = (c: Company) => c.userId;
const newUserBody = (company: Company, tag: string) => ({
  email: `isolation.${tag}.${Math.random().toString(36).slice(2)}@flowsight.test`,
  first_name: 'Iso',
  last_name: 'Lation',
  roles: [{ user_role_type_id: RoleType.CompanyManager, ...placeIds(company) }],
});
const userManagers: readonly number[] = [
  RoleType.SystemAdmin,
  RoleType.SystemSupport,
  RoleType.CompanyAdmin,
];

/** The readings calls under each level: the tenant's first record of that level. */
const levelSubmissionSamples: Record<string, Sample> = Object.fromEntries(
  (
    [
      ['companies', undefined],
      ['properties', 'properties'],
      ['buildings', 'buildings'],
      ['units', 'units'],
    ] as const
  ).flatMap(([path, table]) =>
    [
      '/submissions',
      '/submissions/count',
      '/submissions/export?timeZone=UTC',
      '/submissions-gallons-count',
      '/sensors/submissions-gallons-count',
    ].map((rest): [string, Sample] => [
      `GET /${path}/:id${rest.split('?')[0]}`,
      table === undefined ? companyGet(rest) : firstOfGet(table, rest),
    ]),
  ),
);
const providerSubmissionSamples: Record<string, Sample> = Object.fromEntries(
  ['unassigned', 'keepalive', 'parsed-old'].flatMap((list) =>
    ['', '/count', '/export?timeZone=UTC'].map((rest): [string, Sample] => [
      `GET /submissions/${list}${rest.split('?')[0]}`,
      tenantlessGet(`/api/submissions/${list}${rest}`),
    ]),
  ),
);

/** One entry per registered /api route, keyed `METHOD /path` as in the access table. */
const routeSamples: Record<string, Sample> = {
  ...sensorSamples,
  ...alertSamples,
  ...alertMailSamples,
  ...reportSamples,
  ...sensorTestSamples,
  ...gatewaySamples,
  ...fleetSettingsSamples,
  ...thresholdSamples,
  ...usageSamples,
  ...eventSamples,
  ...surveySamples,
  ...flumeSamples,
  ...uploadSamples,
  ...webhookSamples,
  ...levelSubmissionSamples,
  ...providerSubmissionSamples,
  'GET /units/:id/submissions/:mode': {
    ...firstOfGet('units', '/submissions/last'),
    // The demo has no readings yet: "no readings" for one's own unit, "not found" for another's.
    expect: (role, tenant) => (tenant === 'own' || isSystemRole(role) ? [200, 404] : 404),
  },
  'GET /health': { tenantless: true, request: () => ({ url: '/api/health' }) },
  'GET /ready': { tenantless: true, request: () => ({ url: '/api/ready' }) },
  // Not a user's call: without METRICS_TOKEN (as here) it answers 404 to everyone.
  'GET /metrics': { tenantless: true, request: () => ({ url: '/api/metrics' }), expect: () => 404 },
  'GET /static': { tenantless: true, request: () => ({ url: '/api/static' }) },
  'GET /location/countries': {
    tenantless: true,
    request: () => ({ url: '/api/location/countries' }),
  },
  'GET /location/countries/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/countries/1' }),
  },
  'GET /location/states': { tenantless: true, request: () => ({ url: '/api/location/states' }) },
  'GET /location/states/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/states/1' }),
  },
  'GET /location/states/country/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/states/country/1' }),
  },
  'GET /location/cities': {
    tenantless: true,
    request: () => ({ url: '/api/location/cities?limit=5' }),
  },
  'GET /location/cities/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/cities/1' }),
  },
  'GET /location/cities/state/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/cities/state/1' }),
  },
  'GET /location/timezones': {
    tenantless: true,
    request: () => ({ url: '/api/location/timezones' }),
  },
  'GET /location/timezones/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/timezones/1' }),
  },
  'GET /location/timezones/country/:id': {
    tenantless: true,
    request: () => ({ url: '/api/location/timezones/country/1' }),
  },

  // Public calls: reached without a token; the probes carry invalid bodies and must get 400 from
  // validation, not 401 from the guard.
  'POST /auth/login': {
    tenantless: true,
    request: () => ({ url: '/api/auth/login', payload: {} }),
  },
  'POST /auth/login-mfa': {
    tenantless: true,
    request: () => ({ url: '/api/auth/login-mfa', payload: {} }),
  },
  'POST /auth/forgot-password-email': {
    tenantless: true,
    request: () => ({ url: '/api/auth/forgot-password-email', payload: {} }),
  },
  'POST /auth/forgot-password-reset': {
    tenantless: true,
    request: () => ({ url: '/api/auth/forgot-password-reset', payload: {} }),
  },
  'GET /auth/invitation/:token': {
    tenantless: true,
    request: () => ({ url: '/api/auth/invitation/not-a-real-token' }),
  },
  'POST /auth/register': {
    tenantless: true,
    request: () => ({ url: '/api/auth/register', payload: {} }),
  },

  'GET /auth/me': { tenantless: true, request: () => ({ url: '/api/auth/me' }) },
  'GET /auth/new-token/:role_id': {
    request: (w, tenant) => ({
      url: `/api/auth/new-token/${tenant === 'own' ? w.callerRoleId : w.foreign.roleId}`,
    }),
    // Another user's role is refused for everyone, system roles included.
    expect: (_role, tenant) => (tenant === 'own' ? 200 : 401),
  },
  'POST /auth/change-password': {
    tenantless: true,
    // A wrong old password: proves the call is reachable without ending the caller's session.
    request: () => ({
      url: '/api/auth/change-password',
      payload: { oldPassword: 'Not!2026mine', newPassword: 'Other!2026x' },
    }),
    expect: () => 400,
  },
  'POST /auth/logout': {
    tenantless: true,
    endsSession: true,
    request: () => ({ url: '/api/auth/logout' }),
  },
  'PUT /auth/me': {
    tenantless: true,
    request: () => ({ url: '/api/auth/me', payload: { phone: '(617) 555-0199' } }),
  },
  'PUT /users/update-mfa-status/:status': {
    tenantless: true,
    request: () => ({ url: '/api/users/update-mfa-status/0' }),
  },

  'GET /search/:text': tenantlessGet('/api/search/a'),
  'GET /companies': tenantlessGet('/api/companies?limit=500'),
  'GET /companies/names': tenantlessGet('/api/companies/names'),
  'GET /companies/types': tenantlessGet('/api/companies/types'),
  'GET /companies/search-top/:text/5': tenantlessGet('/api/companies/search-top/a/5'),
  'GET /companies/export-all': tenantlessGet('/api/companies/export-all?timeZone=UTC'),
  'POST /companies': {
    tenantless: true,
    request: () => ({
      url: '/api/companies',
      payload: { name: 'Isolation Co', company_type_id: 1 },
    }),
  },
  'PUT /companies/:id': {
    request: (w, tenant) => ({
      url: `/api/companies/${w[tenant].id}`,
      payload: { phone: '(212) 555-0101' },
    }),
  },
  'DELETE /companies/:id': {
    request: async (w) => ({ url: `/api/companies/${await w.freshCompany()}` }),
  },
  'GET /companies/:id': companyGet(''),
  'GET /companies/:id/properties': companyGet('/properties'),
  'GET /companies/:id/properties-count': companyGet('/properties-count'),
  'GET /companies/:id/buildings-count': companyGet('/buildings-count'),
  'GET /companies/:id/units-count': companyGet('/units-count'),
  'GET /companies/:id/residential-units': companyGet('/residential-units'),
  'GET /companies/:id/needs-attention': companyGet('/needs-attention'),
  'GET /companies/:id/properties-names': companyGet('/properties-names'),
  'GET /companies/:id/properties-names/:limit': companyGet('/properties-names/2'),
  'GET /companies/:id/search-top-properties/:name/5': companyGet('/search-top-properties/a/5'),
  'GET /companies/:id/search-top-buildings/:name/5': companyGet('/search-top-buildings/a/5'),
  'GET /companies/:id/timezone': companyGet('/timezone'),
  'POST /companies/:id/billing-company-properties/:propertyId': {
    request: async (w, tenant) => ({
      url: `/api/companies/${w[tenant].id}/billing-company-properties/${await w.firstOf('properties', w[other(tenant)])}`,
    }),
  },
  'DELETE /companies/:id/billing-company-properties/:propertyId': {
    request: async (w, tenant) => ({
      url: `/api/companies/${w[tenant].id}/billing-company-properties/${await w.firstOf('properties', w[other(tenant)])}`,
    }),
    // The link exists only for the first system role after the POST sample made it.
    expect: () => [200, 404],
  },

  'GET /properties': tenantlessGet('/api/properties?limit=500'),
  'GET /properties/search-top/:text/5': tenantlessGet('/api/properties/search-top/a/5'),
  'GET /properties/export-all': tenantlessGet('/api/properties/export-all?timeZone=UTC'),
  'POST /properties': {
    request: (w, tenant) => ({
      url: '/api/properties',
      payload: { company_id: w[tenant].id, name: 'Isolation Court', timezone_id: 1 },
    }),
  },
  'PUT /properties/:id': {
    request: async (w, tenant) => ({
      url: `/api/properties/${await w.firstOf('properties', w[tenant])}`,
      payload: { postal: '10001' },
    }),
  },
  'DELETE /properties/:id': {
    request: async (w, tenant) => ({
      url: `/api/properties/${await w.fresh('properties', w[tenant])}`,
    }),
  },
  'GET /properties/:id/buildings': firstOfGet('properties', '/buildings'),
  'GET /properties/:id/buildings-count': firstOfGet('properties', '/buildings-count'),
  'GET /properties/:id/units-count': firstOfGet('properties', '/units-count'),
  'GET /properties/:id/buildings-names': firstOfGet('properties', '/buildings-names'),
  'GET /properties/:id/users': firstOfGet('properties', '/users'),
  'PUT /properties/:property_id/change-company/:company_id/:transfer': {
    request: async (w, tenant) => ({
      url: `/api/properties/${await w.fresh('properties', w[tenant])}/change-company/${w[other(tenant)].id}/1`,
    }),
  },

  'GET /buildings': tenantlessGet('/api/buildings?limit=500'),
  'GET /buildings/search-top/:text/5': tenantlessGet('/api/buildings/search-top/a/5'),
  'GET /buildings/export-all': tenantlessGet('/api/buildings/export-all?timeZone=UTC'),
  'POST /buildings': {
    request: async (w, tenant) => ({
      url: '/api/buildings',
      payload: { property_id: await w.firstOf('properties', w[tenant]), name: 'Isolation Hall' },
    }),
  },
  'PUT /buildings/:id': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await w.firstOf('buildings', w[tenant])}`,
      payload: { postal: '10001' },
    }),
  },
  'DELETE /buildings/:id': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await w.fresh('buildings', w[tenant])}`,
    }),
  },
  'GET /buildings/:id/units': firstOfGet('buildings', '/units'),
  'GET /buildings/:id/units-count': firstOfGet('buildings', '/units-count'),
  'GET /buildings/:id/units-names': firstOfGet('buildings', '/units-names'),
  'GET /buildings/:id/tenants-count': firstOfGet('buildings', '/tenants-count'),
  'PUT /buildings/:id/change-property/:property_id/:transfer': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await w.fresh('buildings', w[tenant])}/change-property/${await w.fresh('properties', w[tenant])}/0`,
    }),
  },

  'GET /units': tenantlessGet('/api/units?limit=500'),
  'GET /units/search-top/:text/5': tenantlessGet('/api/units/search-top/1/5'),
  'GET /units/categories': tenantlessGet('/api/units/categories'),
  'GET /units/types': tenantlessGet('/api/units/types'),
  'GET /units/states': tenantlessGet('/api/units/states'),
  'GET /units/export-all': tenantlessGet('/api/units/export-all?timeZone=UTC'),
  'POST /units': {
    request: async (w, tenant) => ({
      url: '/api/units',
      payload: {
        building_id: await w.firstOf('buildings', w[tenant]),
        name: 'Isolation 1A',
        unit_category_id: 1,
      },
    }),
  },
  'PUT /units/:id': {
    request: async (w, tenant) => ({
      url: `/api/units/${await w.firstOf('units', w[tenant])}`,
      payload: { floor: 3 },
    }),
  },
  'PUT /units/:id/tenants': {
    request: async (w, tenant) => ({
      url: `/api/units/${await w.firstOf('units', w[tenant])}/tenants`,
      payload: { tenants: 2 },
    }),
  },
  'DELETE /units/:id': {
    request: async (w, tenant) => ({ url: `/api/units/${await w.fresh('units', w[tenant])}` }),
  },
  'GET /location/cities/export-all': tenantlessGet('/api/location/cities/export-all?timeZone=UTC'),

  'POST /ingest/uplinks': {
    tenantless: true,
    request: () => ({ url: '/api/ingest/uplinks', payload: { uplinks: [] } }),
  },
  'POST /ingest/chirpstack': {
    tenantless: true,
    request: () => ({ url: '/api/ingest/chirpstack?event=up', payload: {} }),
  },
  'POST /ingest/ttn': {
    tenantless: true,
    request: () => ({ url: '/api/ingest/ttn', payload: {} }),
  },
  'GET /integration-keys': tenantlessGet('/api/integration-keys'),
  'GET /integration-keys/mqtt-status': tenantlessGet('/api/integration-keys/mqtt-status'),
  'POST /integration-keys': {
    tenantless: true,
    request: () => ({ url: '/api/integration-keys', payload: { name: 'Isolation' } }),
  },
  'DELETE /integration-keys/:id': {
    tenantless: true,
    request: () => ({ url: '/api/integration-keys/999999' }),
    expect: () => 404,
  },

  'GET /properties/:id': {
    request: async (w, tenant) => ({
      url: `/api/properties/${await w.firstOf('properties', w[tenant])}`,
    }),
  },
  'GET /buildings/:id': {
    request: async (w, tenant) => ({
      url: `/api/buildings/${await w.firstOf('buildings', w[tenant])}`,
    }),
  },
  'GET /units/:id': {
    request: async (w, tenant) => ({ url: `/api/units/${await w.firstOf('units', w[tenant])}` }),
  },
  'GET /users': { tenantless: true, request: () => ({ url: '/api/users?limit=500' }) },
  'GET /users/export-all': {
    tenantless: true,
    request: () => ({ url: '/api/users/export-all?timeZone=America/New_York' }),
  },
  'GET /users/search-top/:text/5': {
    tenantless: true,
    request: () => ({ url: '/api/users/search-top/flowsight/5' }),
  },
  'POST /users': {
    request: (w, tenant) => ({
      url: '/api/users',
      payload: newUserBody(tenant === 'own' ? w.own : w.foreign, tenant),
    }),
  },
  'GET /users/:id': {
    request: (w, tenant) => ({ url: `/api/users/${firstUserOf(w[tenant])}` }),
  },
  'PUT /users/:id': {
    request: async (w, tenant) => ({
      url: `/api/users/${(await w.freshUser(w[tenant])).id}`,
      payload: { first_name: 'Changed' },
    }),
  },
  'DELETE /users/:id': {
    request: async (w, tenant) => ({ url: `/api/users/${(await w.freshUser(w[tenant])).id}` }),
  },
  'GET /users/:id/roles': {
    request: (w, tenant) => ({ url: `/api/users/${firstUserOf(w[tenant])}/roles` }),
  },
  'POST /users/:id/role': {
    request: async (w, tenant) => ({
      url: `/api/users/${(await w.freshUser(w[tenant])).id}/role`,
      payload: { user_role_type_id: RoleType.CompanyAdmin, ...placeIds(w[tenant]) },
    }),
  },
  'DELETE /users/roles/:roleId': {
    request: async (w, tenant) => ({
      url: `/api/users/roles/${(await w.freshUser(w[tenant])).spareRoleId}`,
    }),
    // Anyone may call it for their own roles; only user managers remove other people's.
    expect: (role, tenant) => {
      if (isSystemRole(role)) return userManagers.includes(role) ? OK : [403, 404];
      return tenant === 'own' && role === RoleType.CompanyAdmin ? OK : [403, 404];
    },
  },
  'GET /users/:id/notification-contacts': {
    request: (w, tenant) => ({ url: `/api/users/${firstUserOf(w[tenant])}/notification-contacts` }),
  },
  'POST /users/:id/notification-contacts': {
    request: (w, tenant) => ({
      url: `/api/users/${firstUserOf(w[tenant])}/notification-contacts`,
      payload: {
        ...placeIds(w[tenant]),
        notification_method_id: 1,
        destination: 'alerts@flowsight.test',
      },
    }),
  },
  'GET /notifications/contacts/:id': {
    request: async (w, tenant) => ({
      url: `/api/notifications/contacts/${await w.freshContact(w[tenant])}`,
    }),
  },
  'PUT /notifications/contacts/:id': {
    request: async (w, tenant) => ({
      url: `/api/notifications/contacts/${await w.freshContact(w[tenant])}`,
      payload: { enabled: false },
    }),
  },
  'DELETE /notifications/contacts/:id': {
    request: async (w, tenant) => ({
      url: `/api/notifications/contacts/${await w.freshContact(w[tenant])}`,
    }),
  },
};

/** A demo user per role type that can sign in; company roles belong to the first company. */
const callers: readonly { roleTypeId: RoleTypeId; email: string }[] = [
  { roleTypeId: RoleType.SystemAdmin, email: 'admin@flowsight.test' },
  { roleTypeId: RoleType.SystemSupport, email: 'support@flowsight.test' },
  { roleTypeId: RoleType.SystemTechnician, email: 'technician@flowsight.test' },
  { roleTypeId: RoleType.CompanyAdmin, email: 'company.admin@flowsight.test' },
  { roleTypeId: RoleType.CompanyManager, email: 'manager@flowsight.test' },
  { roleTypeId: RoleType.SensorTester, email: 'tester@flowsight.test' },
  { roleTypeId: RoleType.CompanyInstaller, email: 'installer@flowsight.test' },
];

const inRange = (status: number, expected: number | readonly number[]) =>
  typeof expected === 'number' ? status === expected : expected.includes(status);

/** The tables a refused write, or one on another company's record, must leave as they were. */
const guardedTables = [
  'users',
  'user_roles',
  'notification_contacts',
  'companies',
  'properties',
  'buildings',
  'units',
  'billing_company_properties',
  'sensors',
  'sensor_gallon_thresholds',
  'office_assignments',
  'downlinks',
  'gateways',
  'gateway_building_history',
  'company_appliance_thresholds',
  'company_unaccounted_thresholds',
  'notifications',
  'building_survey_items',
  'building_survey_approval_tokens',
  'building_installers',
  'building_shipping',
  'building_shipping_contacts',
  'notification_action_tokens',
  'uploads',
  'external_flow_accounts',
  'external_flow_devices',
];

type Caller = { readonly roleTypeId: RoleTypeId; readonly email: string };
type Session = { readonly token: string; readonly roleId: number };
type Expected = number | readonly number[];
const all = (expected: Expected): readonly number[] =>
  typeof expected === 'number' ? [expected] : expected;

/**
 * Site staff: each company role narrowed to property A of the first company, and to a building of
 * A; both are tried against property B of the same company.
 */
const siteLevels = ['property', 'building'] as const;
type SiteLevel = (typeof siteLevels)[number];
const siteRoleTypes: readonly RoleTypeId[] = [
  RoleType.CompanyAdmin,
  RoleType.CompanyManager,
  RoleType.CompanyInstaller,
];
const siteEmail = (roleTypeId: RoleTypeId, level: SiteLevel) =>
  `site.${level}.${roleTypeId}@flowsight.test`;
/** The person of property B whose records (user, role, contacts) a site caller must not reach. */
const PERSON_OF_B = 'site.b.person@flowsight.test';

const sameRequest = (a: Request, b: Request) =>
  a.url === b.url && JSON.stringify(a.payload) === JSON.stringify(b.payload);

describe('tenant isolation across every route', () => {
  let t: TestApp;
  let world: Omit<World, 'callerRoleId'>;
  /** Site staff's fixtures: own is property A (or its first building), foreign property B. */
  const siteWorlds = new Map<SiteLevel, Omit<World, 'callerRoleId'>>();
  const tokens = new Map<RoleTypeId, Session>();
  const siteTokens = new Map<string, Session>();
  let foreignMarkers: string[] = [];
  let siteMarkers: string[] = [];
  let cases = 0;
  let siteCases = 0;
  let siteMs = 0;

  /**
   * How many rows of the tenant-owned identity and portfolio tables have been written so far:
   * a trigger on each (installed in beforeAll) counts every row inserted, updated or deleted and
   * every truncation, so a write that must change nothing is caught even when it writes a row
   * back unchanged. One read per comparison, however large the tables are.
   */
  const rowWrites = async () => {
    const { rows } = (await t.database.db.execute(
      sql`select n::text as n from isolation_row_writes`,
    )) as unknown as { rows: { n: string }[] };
    return rows[0]?.n ?? '';
  };
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const signInAs = async (email: string): Promise<Session> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Demo!2026flow' },
    });
    const body = response.json() as { access_token: string; active_role_id: number };
    return { token: body.access_token, roleId: body.active_role_id };
  };

  let serial = 0;
  /** The fixtures of a run: each builder keeps to its tenant's part (`partOf`). */
  const worldOf = (own: Company, foreign: Company): Omit<World, 'callerRoleId'> => {
    const fixtures: Omit<World, 'callerRoleId'> = {
      own,
      foreign,
      db: t.database.db,
      async freshUser(company) {
        serial += 1;
        const [user] = await t.database.db
          .insert(users)
          .values({
            email: `fresh.${serial}.${company.id}@flowsight.test`,
            firstName: 'Fresh',
            lastName: `User ${serial}`,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user not created');
        const place = {
          companyId: company.id,
          propertyId: company.propertyId ?? null,
          buildingId: company.buildingId ?? null,
        };
        const roles = await t.database.db
          .insert(userRoles)
          .values([
            { userId: user.id, userRoleTypeId: RoleType.CompanyManager, ...place },
            { userId: user.id, userRoleTypeId: RoleType.CompanyInstaller, ...place },
          ])
          .returning({ id: userRoles.id });
        return { id: user.id, roleId: roles[0]?.id ?? 0, spareRoleId: roles[1]?.id ?? 0 };
      },
      async firstOf(table, company) {
        const part = partOf(company, table === 'units' ? undefined : table);
        const [row] = await rows<{ id: number }>(
          sql`select min(id)::int as id from ${sql.identifier(table)} where ${part}`,
        );
        return row?.id ?? 0;
      },
      async freshCompany() {
        serial += 1;
        const [row] = await rows<{ id: number }>(sql`
          insert into companies (name, company_type_id) values (${`Fresh Co ${serial}`}, 1)
          returning id`);
        return row?.id ?? 0;
      },
      async fresh(level, company) {
        serial += 1;
        const name = `Fresh ${level} ${serial}`;
        const insert = {
          properties: sql`insert into properties (company_id, name, timezone_id)
            values (${company.id}, ${name}, 1) returning id`,
          buildings: sql`insert into buildings (company_id, property_id, name)
            select company_id, id, ${name} from properties where ${partOf(company, 'properties')}
            order by id limit 1 returning id`,
          units: sql`insert into units (company_id, property_id, building_id, name, unit_category_id)
            select company_id, property_id, id, ${name}, 1 from buildings
            where ${partOf(company, 'buildings')} order by id limit 1 returning id`,
        }[level];
        const [row] = await rows<{ id: number }>(insert);
        return row?.id ?? 0;
      },
      freshUpload: async (company) =>
        storeSampleUpload(
          t.database.db,
          t.app.config,
          company,
          await fixtures.firstOf('buildings', company),
        ),
      async freshContact(company) {
        const [contact] = await t.database.db
          .insert(notificationContacts)
          .values({
            userId: company.userId,
            companyId: company.id,
            propertyId: company.propertyId ?? null,
            buildingId: company.buildingId ?? null,
            destination: contactAddress(company),
          })
          .returning({ id: notificationContacts.id });
        return contact?.id ?? 0;
      },
    };
    return fixtures;
  };
  const contactAddress = (company: Company) =>
    company.propertyId === undefined
      ? `c${company.id}@flowsight.test`
      : `c${company.id}.p${company.propertyId}.b${company.buildingId ?? 0}@flowsight.test`;

  const sitePerson = (email: string, roleTypeId: RoleTypeId, place: SitePlace) =>
    insertSitePerson(t, email, roleTypeId, place);

  beforeAll(async () => {
    // Flume out of reach (a closed port): adding a Flume account never leaves the machine.
    t = await buildTestApp({
      demo: true,
      mailbox: true,
      env: { FLUME_API_URL: 'http://127.0.0.1:9' },
    });
    for (const caller of callers) tokens.set(caller.roleTypeId, await signInAs(caller.email));
    const companyOf = async (email: string): Promise<Company> => {
      const [row] = await rows<{ id: number; name: string; user_id: number; role_id: number }>(sql`
        select c.id, c.name, u.id as user_id, r.id as role_id from users u
        join user_roles r on r.user_id = u.id join companies c on c.id = r.company_id
        where u.email = ${email} order by r.id limit 1`);
      if (!row) throw new Error(`no company for ${email}`);
      return { id: row.id, name: row.name, userId: row.user_id, roleId: row.role_id };
    };
    const own = await companyOf('manager@flowsight.test');
    const foreign = await companyOf('other.admin@flowsight.test');
    world = worldOf(own, foreign);
    foreignMarkers = ['other.admin@flowsight.test', foreign.name];

    // Site staff: property A and B are the first company's first two, the building A's first.
    const { a, b, building } = await demoParts(t);
    const personA = await sitePerson('site.a.person@flowsight.test', RoleType.CompanyManager, {
      companyId: own.id,
      propertyId: a.id,
    });
    const personB = await sitePerson(PERSON_OF_B, RoleType.CompanyManager, {
      companyId: own.id,
      propertyId: b.id,
    });
    const partB: Company = { ...own, ...personB, propertyId: b.id };
    const parts: Record<SiteLevel, { propertyId: number; buildingId?: number }> = {
      property: { propertyId: a.id },
      building: { propertyId: a.id, buildingId: building.id },
    };
    for (const level of siteLevels) {
      siteWorlds.set(level, worldOf({ ...own, ...personA, ...parts[level] }, partB));
      for (const roleTypeId of siteRoleTypes) {
        const email = siteEmail(roleTypeId, level);
        await sitePerson(email, roleTypeId, { companyId: own.id, ...parts[level] });
        siteTokens.set(email, await signInAs(email));
      }
    }
    // B's marks: its name, its buildings' and units' names found nowhere else, its people's and
    // contacts' addresses (and everything of the other company).
    const names = await rows<{ name: string }>(sql`
      select name from (
        select name, property_id from buildings union all select name, property_id from units
      ) of_b where property_id = ${b.id} and length(name) > 3 and name not in (
        select name from buildings where property_id <> ${b.id}
        union select name from units where property_id <> ${b.id}
        union select name from properties where id <> ${b.id})`);
    siteMarkers = [
      b.name,
      ...names.map((n) => n.name),
      PERSON_OF_B,
      contactAddress(partB),
      ...foreignMarkers,
    ];

    // The write counter `rowWrites` reads (test database only).
    const { db } = t.database;
    await db.execute(sql`create table isolation_row_writes (n bigint not null)`);
    await db.execute(sql`insert into isolation_row_writes values (0)`);
    await db.execute(sql`
      create function isolation_row_write() returns trigger language plpgsql as $$
        begin
          update isolation_row_writes set n = n + 1;
          return null;
        end $$`);
    for (const table of guardedTables) {
      await db.execute(sql`
        create trigger isolation_row_write after insert or update or delete
          on ${sql.identifier(table)} for each row execute function isolation_row_write()`);
      await db.execute(sql`
        create trigger isolation_truncate after truncate
          on ${sql.identifier(table)} for each statement execute function isolation_row_write()`);
    }
  });
  afterAll(async () => {
    console.log(`tenant isolation: ${cases} route × role × tenant cases`);
    console.log(
      `tenant isolation: ${siteCases} site-staff cases (roles ${siteRoleTypes.join(', ')} on property A and on a building of A, against property B of the same company) in ${Math.round(siteMs / 1000)} s`,
    );
    await t.close();
  });

  /**
   * One request of the matrix, as `caller`, and its checks: the status (`expected` when the
   * access table allows the call, else 403), its HEAD alike for a GET, no marker in the body, and
   * no row written when `mustNotWrite` and the call was refused. Answers the cases it made.
   */
  async function probe(
    c: {
      key: string;
      method: Method;
      sample: Sample;
      access: readonly RoleTypeId[];
      caller: Caller;
      session: Session;
      request: Request;
      label: string;
      expected: Expected;
      mustNotWrite: boolean;
      markers: readonly string[];
    },
    failures: string[],
  ): Promise<number> {
    const { method, sample, caller, session, request, label } = c;
    const token = sample.endsSession ? await t.signIn(caller.email) : session.token;
    const allowed = mayCall(c.access, caller.roleTypeId);
    const mustNotWrite = method !== 'GET' && (!allowed || c.mustNotWrite);
    const before = mustNotWrite ? await rowWrites() : '';
    const response = await t.app.inject({
      method,
      url: request.url,
      payload: request.payload,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
      // An event stream never ends: take its status and headers, then hang up.
      ...(sample.stream ? { payloadAsStream: true } : {}),
    });
    if (sample.stream && response.statusCode === 200) response.stream().destroy();
    const status = response.statusCode;
    let made = 1;
    if (method === 'GET') {
      made += 1;
      const head = await t.app.inject({
        method: 'HEAD',
        url: request.url,
        headers: { authorization: `Bearer ${session.token}` },
        ...(sample.stream ? { payloadAsStream: true } : {}),
      });
      if (sample.stream && head.statusCode === 200) head.stream().destroy();
      if (head.statusCode !== status) {
        failures.push(`HEAD ${label}: got ${head.statusCode}, GET got ${status}`);
      }
    }
    if (!allowed) {
      if (status !== 403) failures.push(`${label}: expected 403, got ${status}`);
      if (mustNotWrite && (await rowWrites()) !== before) {
        failures.push(`${label}: refused but data changed`);
      }
      return made;
    }
    if (!inRange(status, c.expected)) {
      failures.push(
        `${label}: expected ${String(c.expected)}, got ${status} ${response.body.slice(0, 200)}`,
      );
    }
    if (!sample.stream) {
      const leaked = c.markers.filter((marker) => response.body.includes(marker));
      if (leaked.length > 0) failures.push(`${label}: response shows ${leaked.join(', ')}`);
    }
    if (mustNotWrite && status >= 400) {
      if ((await rowWrites()) !== before) failures.push(`${label}: refused but data changed`);
    }
    return made;
  }

  it('has a sample for every registered route, and an access rule for every sample', () => {
    // A HEAD route is probed through its GET sample (`probesOf`).
    const registered = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
      .filter((r) => r.url !== '/api/openapi.json')
      .map((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url.slice('/api'.length)}`);
    expect(registered.length).toBeGreaterThan(30);
    const missing = registered.filter((key) => !(key in routeSamples));
    expect(missing, 'routes without an isolation sample').toEqual([]);
    for (const key of Object.keys(routeSamples)) {
      const [method = '', path = ''] = key.split(' ');
      expect(accessFor(method, path), key).toBeDefined();
    }
  });

  // Thousands of requests: allow minutes on a busy machine.
  it('obeys the access table and never shows or changes another company’s records', {
    timeout: 300_000,
  }, async () => {
    // The write counter sees a write, even one that writes a row back as it was.
    const unwritten = await rowWrites();
    await t.database.db.execute(sql`update companies set name = name where id = ${world.own.id}`);
    expect(await rowWrites()).not.toBe(unwritten);

    const failures: string[] = [];
    for (const [key, sample] of Object.entries(routeSamples)) {
      const [method = 'GET', path = ''] = key.split(' ') as [Method, string];
      const access = accessFor(method, path);
      if (!access) continue;

      if (access === 'integration') {
        // Ingest calls take integration API keys; a user's token is never enough.
        const request = await sample.request({ ...world, callerRoleId: 0 }, 'own');
        for (const caller of callers) {
          cases += 1;
          const session = tokens.get(caller.roleTypeId);
          const response = await t.app.inject({
            method,
            url: request.url,
            payload: request.payload,
            headers: { ...request.headers, authorization: `Bearer ${session?.token}` },
          });
          if (response.statusCode !== 401) {
            failures.push(`${key} with a user token: expected 401, got ${response.statusCode}`);
          }
        }
        continue;
      }

      if (access === 'public') {
        const request = await sample.request({ ...world, callerRoleId: 0 }, 'own');
        const response = await t.app.inject({
          method,
          url: request.url,
          payload: request.payload,
          ...(request.headers ? { headers: request.headers } : {}),
        });
        cases += 1;
        if (
          response.statusCode === 401 ||
          response.statusCode === 403 ||
          response.statusCode >= 500
        ) {
          failures.push(`${key} public: ${response.statusCode}`);
        }
        continue;
      }

      // Without a token, every probe of a signed-in route is refused before its handler runs.
      const anonymous = await sample.request({ ...world, callerRoleId: 0 }, 'own');
      for (const probeMethod of probesOf(method)) {
        cases += 1;
        const response = await t.app.inject({
          method: probeMethod,
          url: anonymous.url,
          payload: anonymous.payload,
          ...(anonymous.headers ? { headers: anonymous.headers } : {}),
        });
        if (response.statusCode !== 401) {
          failures.push(
            `${probeMethod} ${path} without a token: expected 401, got ${response.statusCode}`,
          );
        }
      }

      for (const caller of callers) {
        const session = tokens.get(caller.roleTypeId);
        if (!session) throw new Error(`no session for role ${caller.roleTypeId}`);
        const tenants: Tenant[] = sample.tenantless ? ['own'] : ['own', 'foreign'];
        for (const tenant of tenants) {
          const request = await sample.request({ ...world, callerRoleId: session.roleId }, tenant);
          const companyScoped = !isSystemRole(caller.roleTypeId);
          // The tables are compared after a write that must change nothing: a refused one, or one
          // on another company's record. A read changes nothing to compare, so it takes none.
          cases += await probe(
            {
              key,
              method,
              sample,
              access,
              caller,
              session,
              request,
              label: `${key} as role ${caller.roleTypeId} on ${tenant}`,
              expected:
                sample.expect?.(caller.roleTypeId, tenant) ??
                (tenant === 'foreign' && companyScoped ? 404 : OK),
              mustNotWrite: tenant === 'foreign' && companyScoped,
              markers: companyScoped ? foreignMarkers : [],
            },
            failures,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(200);
  });

  // Site staff against the rest of their own company: every signed-in route, for each company role
  // narrowed to property A and to a building of A, pointed at property B. A call about B's records
  // answers 404 (a write may be refused, 403) and writes nothing; a call about the company itself
  // (the same request whichever part it is built for) reads A's part only, and a company-level
  // write is refused (403, nothing written); no answer shows any of B's marks.
  it('keeps a role narrowed to a property or a building to that place in its own company', {
    timeout: 300_000,
  }, async () => {
    const started = performance.now();
    const failures: string[] = [];
    for (const [key, sample] of Object.entries(routeSamples)) {
      const [method = 'GET', path = ''] = key.split(' ') as [Method, string];
      const access = accessFor(method, path);
      if (!access || access === 'public' || access === 'integration') continue;
      for (const level of siteLevels) {
        const fixtures = siteWorlds.get(level);
        if (!fixtures) throw new Error(`no site world for ${level}`);
        for (const roleTypeId of siteRoleTypes) {
          const caller = { roleTypeId, email: siteEmail(roleTypeId, level) };
          const session = siteTokens.get(caller.email);
          if (!session) throw new Error(`no session for ${caller.email}`);
          const w = { ...fixtures, callerRoleId: session.roleId };
          const request = await sample.request(w, sample.tenantless ? 'own' : 'foreign');
          const companyLevel =
            sample.tenantless || sameRequest(request, await sample.request(w, 'own'));
          const read = method === 'GET' || sample.tenantless === true;
          const ownExpected = sample.expect?.(roleTypeId, 'own') ?? OK;
          const expected: Expected = companyLevel
            ? read
              ? [...all(ownExpected), 403]
              : 403
            : [...all(sample.expect?.(roleTypeId, 'foreign') ?? 404), ...(read ? [] : [403])];
          siteCases += await probe(
            {
              key,
              method,
              sample,
              access,
              caller,
              session,
              request,
              label: `${key} as role ${roleTypeId} of a ${level} on ${companyLevel ? 'the company' : 'property B'}`,
              expected,
              mustNotWrite: !(companyLevel && read),
              markers: siteMarkers,
            },
            failures,
          );
        }
      }
    }
    siteMs = performance.now() - started;
    expect(failures).toEqual([]);
    expect(siteCases).toBeGreaterThan(200);
  });
});
