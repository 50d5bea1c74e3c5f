// The permission matrix: which role types may call which API route. The server's single guard
// enforces it (a route without an entry cannot even be registered) and the web's navigation reads
// it. Keys are `METHOD /path` below /api, with Fastify's `:param` syntax.
import { RoleType, type RoleTypeId } from './lookups.ts';
import { STAFF_AND_COMPANY_ROLE_TYPES, SYSTEM_ROLE_TYPES } from './roles.ts';

/**
 * `public`: no sign-in; `integration`: a network-server integration presenting an API key (never
 * a user's token); otherwise the role types that may call it.
 */
export type Access = 'public' | 'integration' | readonly RoleTypeId[];

const { SystemAdmin, SystemSupport, SystemTechnician, CompanyAdmin, CompanyManager } = RoleType;

/** Role types that can sign in to the web application. */
export const SIGNED_IN: readonly RoleTypeId[] = [
  ...STAFF_AND_COMPANY_ROLE_TYPES,
  RoleType.SensorTester,
  RoleType.CompanyInstaller,
];
const USER_MANAGERS: readonly RoleTypeId[] = [SystemAdmin, SystemSupport, CompanyAdmin];
/** Who changes properties, buildings and units (company admins within their company). */
const PORTFOLIO_EDITORS: readonly RoleTypeId[] = [SystemAdmin, SystemSupport, CompanyAdmin];
/** Who creates and removes companies and moves properties between them. */
const COMPANY_MANAGERS: readonly RoleTypeId[] = [SystemAdmin, SystemSupport];
const CONTACT_MANAGERS: readonly RoleTypeId[] = [
  SystemAdmin,
  SystemSupport,
  CompanyAdmin,
  CompanyManager,
];

/** Who reads micrometers (and their readings) by id or MAC: the tester and installer too. */
const SENSOR_READERS: readonly RoleTypeId[] = [
  ...STAFF_AND_COMPANY_ROLE_TYPES,
  RoleType.SensorTester,
  RoleType.CompanyInstaller,
];
/** Staff and company roles plus the installer, who walks property → building → unit on site. */
const PORTFOLIO_READERS: readonly RoleTypeId[] = [
  ...STAFF_AND_COMPANY_ROLE_TYPES,
  RoleType.CompanyInstaller,
];
/** Who puts sensors on fixtures (company admins only when their company allows assignment). */
const ASSIGNERS: readonly RoleTypeId[] = [
  ...SYSTEM_ROLE_TYPES,
  CompanyAdmin,
  RoleType.CompanyInstaller,
];
/** Who sets sensors aside for a building. */
const OFFICE_ASSIGNERS: readonly RoleTypeId[] = [...SYSTEM_ROLE_TYPES, CompanyAdmin];
const TESTERS: readonly RoleTypeId[] = [...SYSTEM_ROLE_TYPES, RoleType.SensorTester];
const THRESHOLD_EDITORS: readonly RoleTypeId[] = [SystemAdmin, SystemSupport, CompanyAdmin];
/**
 * Who uploads files for a building (survey and installation photos, papers): the provider's staff,
 * company admins and installers; the service lets only the uploader or an admin delete one.
 */
const UPLOADERS: readonly RoleTypeId[] = [
  ...SYSTEM_ROLE_TYPES,
  CompanyAdmin,
  RoleType.CompanyInstaller,
];
/**
 * Who surveys a building and keeps its installers and shipments: the provider's staff
 * (technicians survey on site) and company admins of the building's company.
 */
const SURVEYORS: readonly RoleTypeId[] = [...SYSTEM_ROLE_TYPES, CompanyAdmin];
/** Who keeps a company's Flume accounts: system roles, company admins for their own. */
const FLUME_KEEPERS: readonly RoleTypeId[] = [...SYSTEM_ROLE_TYPES, CompanyAdmin];

/**
 * Who keeps a company's outgoing webhooks: system admins, and company admins of the whole company
 * (the service refuses a role narrowed to a property or building).
 */
const WEBHOOK_KEEPERS: readonly RoleTypeId[] = [SystemAdmin, CompanyAdmin];

/** How one micrometer is asked for: by its MAC (the label in hand) or by its id. */
export type StockLookup = 'mac' | 'id';
/**
 * Provider stock — micrometers with no company — as the single-micrometer reads, the assignment
 * and the office assignment see it (lists never show stock outside the system roles' fleet lists):
 *
 * - Unreserved stock is no tenant's. The roles that handle it find it by its MAC: the tester on the
 *   bench, a company installer or company admin about to install or set it aside. By id only the
 *   roles without a tenant (system roles, the tester) read it, so no company can walk the shelf by
 *   sequential id. Company managers, who never handle stock, do not see it.
 * - Stock reserved for a building (a pending office assignment) is that building's company's: by
 *   MAC or id, only roles whose scope holds the building read it, install it or see the
 *   reservation; every other company gets 404, exactly as for a sensor that does not exist.
 *   System roles see and take everything; the tester still reads reserved stock on the bench, but
 *   not which building it is set aside for.
 *
 * `stockFinders` names who finds unreserved stock per lookup; the server's tenant scope
 * (`stockInScope`) applies the rest.
 */
export const stockFinders: Readonly<Record<StockLookup, readonly RoleTypeId[]>> = {
  mac: [...SYSTEM_ROLE_TYPES, RoleType.SensorTester, CompanyAdmin, RoleType.CompanyInstaller],
  id: [...SYSTEM_ROLE_TYPES, RoleType.SensorTester],
};
export const mayFindStock = (roleTypeId: number, lookup: StockLookup): boolean =>
  stockFinders[lookup].includes(roleTypeId as RoleTypeId);

/**
 * A family of GET routes, one per prefix and rest, keyed by their exact `GET /path` type, so each
 * key the family produces is a key of `ApiRoute` like the ones written out below.
 */
function getRoutes<const P extends readonly string[], const R extends readonly string[]>(
  prefixes: P,
  rests: R,
  access: (prefix: P[number]) => Access,
): Record<`GET ${P[number]}${R[number]}`, Access> {
  return Object.fromEntries(
    prefixes.flatMap((prefix) => rests.map((rest) => [`GET ${prefix}${rest}`, access(prefix)])),
  ) as Record<`GET ${P[number]}${R[number]}`, Access>;
}

/** Each level of the hierarchy, as the prefix of its routes. */
const LEVEL_PATHS = ['/companies/:id', '/properties/:id', '/buildings/:id', '/units/:id'] as const;
const staffAndCompany = () => STAFF_AND_COMPANY_ROLE_TYPES;

/** Micrometers of each level of the hierarchy: scoped reads. */
const levelSensorRoutes = getRoutes(LEVEL_PATHS, ['/sensors'], (level) =>
  level === '/units/:id' ? PORTFOLIO_READERS : STAFF_AND_COMPANY_ROLE_TYPES,
);

/** Alerts of each level of the hierarchy: scoped reads. */
const levelAlertRoutes = getRoutes(
  LEVEL_PATHS,
  ['/alerts', '/alerts/count', '/open-alerts-count'],
  staffAndCompany,
);

/** Readings of each level of the hierarchy (`/{level}/:id/submissions...`): scoped reads. */
const levelSubmissionRoutes = getRoutes(
  LEVEL_PATHS,
  [
    '/submissions',
    '/submissions/count',
    '/submissions/export',
    '/submissions-gallons-count',
    '/sensors/submissions-gallons-count',
  ],
  staffAndCompany,
);
/** The provider's lists of readings outside the hierarchy. */
const providerSubmissionRoutes = getRoutes(
  ['/submissions/unassigned', '/submissions/keepalive', '/submissions/parsed-old'],
  ['', '/count', '/export'],
  () => SYSTEM_ROLE_TYPES,
);

/** Statistics of each level of the hierarchy (usage analytics): scoped reads. */
const levelStatisticsRoutes = getRoutes(LEVEL_PATHS, ['/statistics'], staffAndCompany);

/** Usage charts and totals of each level (usage analytics): scoped reads. */
const levelUsageRoutes = getRoutes(
  LEVEL_PATHS,
  ['/gallons', '/appliance-gallons'],
  staffAndCompany,
);

/**
 * The table itself. Its keys are a type (`ApiRoute`): a misspelt route where a caller asks for
 * access (a button, a guard) is a compile error rather than a button that never shows.
 */
const accessTable = {
  ...levelUsageRoutes,
  ...levelStatisticsRoutes,
  ...levelSubmissionRoutes,
  ...levelSensorRoutes,
  ...levelAlertRoutes,
  ...providerSubmissionRoutes,
  'GET /units/:id/submissions/:mode': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /health': 'public',
  'GET /ready': 'public',
  // Prometheus scrapes with a token of its own (METRICS_TOKEN), which the route checks.
  'GET /metrics': 'public',
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
  'POST /auth/logout': SIGNED_IN,
  'PUT /auth/me': SIGNED_IN,

  'GET /search/:text': STAFF_AND_COMPANY_ROLE_TYPES,

  'GET /companies': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /companies': COMPANY_MANAGERS,
  'GET /companies/names': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/types': SIGNED_IN,
  'GET /companies/search-top/:text/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/export-all': SYSTEM_ROLE_TYPES,
  'GET /companies/:id': PORTFOLIO_READERS,
  'PUT /companies/:id': PORTFOLIO_EDITORS,
  'DELETE /companies/:id': COMPANY_MANAGERS,
  'GET /companies/:id/properties': PORTFOLIO_READERS,
  'GET /companies/:id/properties-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/buildings-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/units-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/residential-units': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/needs-attention': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/properties-names': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/properties-names/:limit': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/search-top-properties/:name/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/search-top-buildings/:name/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/timezone': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /companies/:id/billing-company-properties/:propertyId': COMPANY_MANAGERS,
  'DELETE /companies/:id/billing-company-properties/:propertyId': COMPANY_MANAGERS,

  'GET /properties': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /properties': PORTFOLIO_EDITORS,
  'GET /properties/search-top/:text/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /properties/export-all': SYSTEM_ROLE_TYPES,
  'GET /properties/:id': PORTFOLIO_READERS,
  'PUT /properties/:id': PORTFOLIO_EDITORS,
  'DELETE /properties/:id': PORTFOLIO_EDITORS,
  'GET /properties/:id/buildings': PORTFOLIO_READERS,
  'GET /properties/:id/buildings-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /properties/:id/units-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /properties/:id/buildings-names': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /properties/:property_id/change-company/:company_id/:transfer': COMPANY_MANAGERS,

  'GET /buildings': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /buildings': PORTFOLIO_EDITORS,
  'GET /buildings/search-top/:text/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /buildings/export-all': SYSTEM_ROLE_TYPES,
  'GET /buildings/:id': PORTFOLIO_READERS,
  'PUT /buildings/:id': PORTFOLIO_EDITORS,
  'DELETE /buildings/:id': PORTFOLIO_EDITORS,
  'GET /buildings/:id/units': PORTFOLIO_READERS,
  'GET /buildings/:id/units-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /buildings/:id/units-names': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /buildings/:id/tenants-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /buildings/:id/change-property/:property_id/:transfer': PORTFOLIO_EDITORS,

  // Getting micrometers into a building: survey, approval link, installers, shipping.
  'GET /buildings/:id/survey': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /buildings/:id/survey': SURVEYORS,
  'PUT /buildings/:id/approve-send-survey': SURVEYORS,
  // DX is the provider's engineering: only system roles sign off the installation plan.
  'PUT /buildings/:id/approve-survey-dx': SYSTEM_ROLE_TYPES,
  'PUT /buildings/:id/reopen-survey': SURVEYORS,
  'GET /survey-approval/:id/:token': 'public',
  'POST /survey-approval/:id/:token': 'public',
  'GET /buildings/:id/installer': PORTFOLIO_READERS,
  'POST /buildings/:id/installers': SURVEYORS,
  'PUT /buildings/installers/:id': SURVEYORS,
  'GET /buildings/installations/mine': PORTFOLIO_READERS,
  'GET /buildings/:id/shipping': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /buildings/:id/shipping': SURVEYORS,
  'GET /buildings/:id/shipping-contact': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /buildings/:id/shipping-contact': SURVEYORS,
  'GET /properties/:id/shipping-date': STAFF_AND_COMPANY_ROLE_TYPES,

  // Flume whole-building meters.
  'GET /flume-accounts': FLUME_KEEPERS,
  'POST /flume-accounts': FLUME_KEEPERS,
  'POST /flume-accounts/:id/test': FLUME_KEEPERS,
  'POST /flume-accounts/:id/sync': FLUME_KEEPERS,
  'PUT /flume-accounts/:id/devices/:deviceId': FLUME_KEEPERS,
  'DELETE /flume-accounts/:id': FLUME_KEEPERS,
  'GET /buildings/:id/flume-connected/:external_account_id': FLUME_KEEPERS,
  // The building page's line about its meter: whoever sees the building.
  'GET /buildings/:id/flume-meter': PORTFOLIO_READERS,

  'GET /units': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /units': PORTFOLIO_EDITORS,
  'GET /units/search-top/:text/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/categories': SIGNED_IN,
  'GET /units/types': SIGNED_IN,
  'GET /units/states': SIGNED_IN,
  'GET /units/export-all': SYSTEM_ROLE_TYPES,
  'GET /units/:id': PORTFOLIO_READERS,
  'PUT /units/:id': PORTFOLIO_EDITORS,
  'DELETE /units/:id': PORTFOLIO_EDITORS,
  'PUT /units/:id/tenants': PORTFOLIO_EDITORS,

  'GET /location/cities/export-all': SYSTEM_ROLE_TYPES,

  // Micrometers (issue: fleet).
  'GET /sensors': SYSTEM_ROLE_TYPES,
  'GET /sensors/assigned': SYSTEM_ROLE_TYPES,
  'GET /sensors/unassigned': SYSTEM_ROLE_TYPES,
  'GET /sensors/export-all': SYSTEM_ROLE_TYPES,
  'GET /sensors/search-top/:text/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /sensors/mac/:mac': SENSOR_READERS,
  'GET /sensors/:id': SENSOR_READERS,
  'GET /sensors/:id/submissions': SENSOR_READERS,
  'DELETE /sensors/:id': [SystemAdmin],
  'PUT /sensors/:id/state/:stateId': SYSTEM_ROLE_TYPES,
  'PUT /sensors/:id/status/:statusId': SYSTEM_ROLE_TYPES,
  'PUT /buildings/:id/sensors/state/:stateId': SYSTEM_ROLE_TYPES,
  'PUT /buildings/:id/sensors/status/:statusId': SYSTEM_ROLE_TYPES,
  'POST /sensors/report-issue': SENSOR_READERS,
  'GET /sensors/:id/sensor-issue': SENSOR_READERS,
  'PUT /sensors/:id/notification-excluded/:status': SYSTEM_ROLE_TYPES,
  'PUT /sensors/notification-excluded/mac/:mac/:status': SYSTEM_ROLE_TYPES,
  'POST /sensors/assign': ASSIGNERS,
  'POST /sensors/:id/tests': TESTERS,
  'GET /sensors/tested-failed': TESTERS,
  'DELETE /sensors/tested': [SystemAdmin, SystemSupport, RoleType.SensorTester],
  'GET /sensors/office-assignment/:id': [...OFFICE_ASSIGNERS, RoleType.CompanyInstaller],
  'GET /sensors/office-assignment-building/:id': [...OFFICE_ASSIGNERS, RoleType.CompanyInstaller],
  'POST /sensors/office-assignment': OFFICE_ASSIGNERS,
  'DELETE /sensors/pending-office-assignment': OFFICE_ASSIGNERS,
  'PUT /sensors/:id/config': SYSTEM_ROLE_TYPES,
  'GET /sensors/downlink-config-params': SYSTEM_ROLE_TYPES,
  'PUT /sensors/:mac/downlink-config-params': SYSTEM_ROLE_TYPES,
  'PUT /buildings/:id/downlink-config-params': SYSTEM_ROLE_TYPES,
  'GET /units/:id/sensors-count': STAFF_AND_COMPANY_ROLE_TYPES,
  // Fleet settings: configuration defaults, gallon thresholds, the fixtures catalogue.
  'GET /sensors/config-defaults': SYSTEM_ROLE_TYPES,
  'PUT /sensors/config-defaults/:id/:value': [SystemAdmin],
  'GET /sensors/gallon-thresholds': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /sensors/gallon-thresholds': THRESHOLD_EDITORS,
  'PUT /sensors/gallon-thresholds/:id/:value': THRESHOLD_EDITORS,
  'DELETE /sensors/gallon-thresholds/:id': THRESHOLD_EDITORS,
  'GET /appliances': SIGNED_IN,
  'PUT /appliances/:id': [SystemAdmin],
  // Leak alerts ("notifications"), thresholds and the event log (issue: leak detection).
  'GET /notifications': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/active-leaks': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/export-all-stream': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/stream': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/:id': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/:id/monthly-cost/:gallons': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /notifications/:id/status/:statusId': STAFF_AND_COMPANY_ROLE_TYPES,
  // Beyond the specification: bulk status, ids, assignee, snooze.
  'GET /notifications/ids': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /notifications/bulk-status': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /notifications/:id/assignable-users': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /notifications/:id/assignee': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /notifications/:id/snooze': STAFF_AND_COMPANY_ROLE_TYPES,
  'DELETE /notifications/:id/snooze': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/:id/open-alerts-count/:applianceId': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/:id/open-alerts-count/:applianceId/:sensorMac': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/open-leaks': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/alerts-overview': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/dashboard-chart-alerts': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/appliances-thresholds': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /companies/:id/appliances-thresholds/:applianceTypeId/:threshold': THRESHOLD_EDITORS,
  'GET /companies/:id/appliances-thresholds/unaccounted-water': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /companies/:id/appliances-thresholds/unaccounted-water': THRESHOLD_EDITORS,
  // Usage analytics: building units, company tops, unit counts and projection.
  'GET /buildings/:id/units-gallons': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /buildings/:id/units-gallons/grouped-by-category': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/top-gallons-units': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/top-gallons-properties': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/:id/gallons-count': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/:id/gallons-count/:applianceId': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/:id/gallons-count/:applianceId/:sensor_mac': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /units/:id/gallons-predictions': STAFF_AND_COMPANY_ROLE_TYPES,
  // Statistics and reports (usage analytics).
  'GET /units/:id/status': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /properties/:id/gallons/report': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /buildings/:id/gallons/report': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /companies/:id/report-overview/:report': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /overview': SYSTEM_ROLE_TYPES,
  'GET /confirmation/:id/:status/:token': 'public',
  'POST /confirmation/:id/:status/:token': 'public',
  'GET /events': SYSTEM_ROLE_TYPES,
  // Gateways.
  'GET /gateways': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /gateways': SYSTEM_ROLE_TYPES,
  'GET /gateways/search-top/:text/5': SYSTEM_ROLE_TYPES,
  'GET /gateways/export-all': SYSTEM_ROLE_TYPES,
  'GET /gateways/:id': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /gateways/:id': SYSTEM_ROLE_TYPES,
  'DELETE /gateways/:id': [SystemAdmin],
  'PUT /gateways/:id/disable-alerts/:status': [...SYSTEM_ROLE_TYPES, CompanyAdmin],
  'PUT /gateways/:id/status/:status': SYSTEM_ROLE_TYPES,
  'GET /gateways/:id/admin-app': SYSTEM_ROLE_TYPES,
  'GET /gateways/:id/buildings-history': STAFF_AND_COMPANY_ROLE_TYPES,

  'POST /ingest/uplinks': 'integration',
  'POST /ingest/chirpstack': 'integration',
  'POST /ingest/ttn': 'integration',
  'GET /companies/:id/webhooks': WEBHOOK_KEEPERS,
  'POST /companies/:id/webhooks': WEBHOOK_KEEPERS,
  'GET /webhooks/:id': WEBHOOK_KEEPERS,
  'PUT /webhooks/:id': WEBHOOK_KEEPERS,
  'DELETE /webhooks/:id': WEBHOOK_KEEPERS,
  'POST /webhooks/:id/rotate-secret': WEBHOOK_KEEPERS,
  'POST /webhooks/:id/test': WEBHOOK_KEEPERS,
  'GET /webhooks/:id/deliveries': WEBHOOK_KEEPERS,
  'GET /integration-keys': [SystemAdmin],
  'POST /integration-keys': [SystemAdmin],
  'DELETE /integration-keys/:id': [SystemAdmin],
  'GET /integration-keys/mqtt-status': [SystemAdmin],

  'GET /users': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /properties/:id/users': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /users': USER_MANAGERS,
  'GET /users/export-all': [SystemAdmin, SystemSupport, SystemTechnician, CompanyAdmin],
  'GET /users/search-top/:text/5': STAFF_AND_COMPANY_ROLE_TYPES,
  'GET /users/:id': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /users/:id': USER_MANAGERS,
  'DELETE /users/:id': USER_MANAGERS,
  'GET /users/:id/roles': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /users/:id/role': USER_MANAGERS,
  // Anyone may remove one of their own roles (the role list of the header); managers, others'.
  'DELETE /users/roles/:roleId': SIGNED_IN,
  'PUT /users/update-mfa-status/:status': [
    CompanyAdmin,
    CompanyManager,
    RoleType.SensorTester,
    RoleType.CompanyInstaller,
  ],
  'GET /users/:id/notification-contacts': STAFF_AND_COMPANY_ROLE_TYPES,
  'POST /users/:id/notification-contacts': CONTACT_MANAGERS,
  // Uploads: files of a building, seen by whoever may see the building.
  'POST /uploads': UPLOADERS,
  'GET /uploads/:id': PORTFOLIO_READERS,
  'DELETE /uploads/:id': UPLOADERS,
  'GET /buildings/:id/uploads': PORTFOLIO_READERS,
  'GET /notifications/contacts/:id': STAFF_AND_COMPANY_ROLE_TYPES,
  'PUT /notifications/contacts/:id': CONTACT_MANAGERS,
  'DELETE /notifications/contacts/:id': CONTACT_MANAGERS,
} satisfies Record<string, Access>;

/** Every API route, as `METHOD /path` below /api. */
export type ApiRoute = keyof typeof accessTable;
export const apiAccess: Readonly<Record<ApiRoute, Access>> = accessTable;

// What a restricted (type 3) company's roles may call on top of this table is an allow-list of
// its own: `restricted-companies.ts`.

export function accessFor(method: string, path: string): Access | undefined {
  const table: Readonly<Record<string, Access>> = apiAccess;
  return table[`${method.toUpperCase()} ${path}`];
}

export function mayCall(access: Access, roleTypeId: number): boolean {
  if (access === 'public') return true;
  if (access === 'integration') return false;
  return access.includes(roleTypeId as RoleTypeId);
}
