import { describe, expect, it } from 'vitest';
import { type Access, apiAccess, mayCall } from './access.ts';
import { RoleType } from './lookups.ts';
import {
  defaultTab,
  restrictedCompanyUse,
  restrictedMayCall,
  restrictedMayOpen,
  restrictedShowsTab,
} from './restricted-companies.ts';
import { webRoutes } from './web-access.ts';

const { CompanyAdmin, CompanyManager, CompanyInstaller } = RoleType;
const companyRoles = [CompanyAdmin, CompanyManager, CompanyInstaller];

/** The table looked up by any text, as the allow-list names routes. */
const anyRoute: Readonly<Record<string, Access | undefined>> = apiAccess;

describe('what a restricted company may use', () => {
  it('names only routes and pages that exist, each callable by one of its roles', () => {
    for (const [part, allowance] of Object.entries(restrictedCompanyUse)) {
      const roles = 'roles' in allowance ? allowance.roles : companyRoles;
      for (const route of allowance.routes) {
        const access = anyRoute[route];
        expect(access, `${part}: ${route}`).toBeDefined();
        if (access === undefined) continue;
        expect(
          roles.some((role) => mayCall(access, role)),
          `${part}: ${route}`,
        ).toBe(true);
      }
      for (const page of allowance.pages) expect(Object.keys(webRoutes)).toContain(page);
    }
  });

  it('keeps the portfolio and the own account', () => {
    for (const route of [
      'GET /companies/:id',
      'GET /companies/:id/properties',
      'GET /buildings/:id/units',
      'PUT /units/:id',
      'GET /auth/me',
      'PUT /users/update-mfa-status/:status',
    ]) {
      expect(restrictedMayCall(route, CompanyAdmin), route).toBe(true);
    }
  });

  it('closes the water data, users, gateways, search and the bell at every level', () => {
    const closed = [
      'GET /companies/:id/appliances-thresholds',
      'PUT /companies/:id/appliances-thresholds/:applianceTypeId/:threshold',
      'GET /companies/:id/open-leaks',
      'GET /companies/:id/alerts-overview',
      'GET /companies/:id/dashboard-chart-alerts',
      'GET /companies/:id/gallons',
      'GET /companies/:id/statistics',
      'GET /buildings/:id/alerts',
      'GET /buildings/:id/sensors',
      'GET /buildings/:id/gallons',
      'GET /units/:id/submissions',
      'GET /units/:id/submissions/export',
      'GET /properties/:id/gallons/report',
      'GET /notifications/active-leaks',
      'GET /notifications/stream',
      'GET /search/:text',
      'GET /users',
      'GET /gateways',
      'POST /sensors/assign',
    ];
    for (const route of closed) {
      expect(anyRoute[route], route).toBeDefined();
      expect(restrictedMayCall(route, CompanyAdmin), route).toBe(false);
      expect(restrictedMayCall(route, CompanyManager), route).toBe(false);
    }
  });

  it('is an allow-list: a route it does not name is closed', () => {
    expect(restrictedMayCall('GET /some/future/route', CompanyAdmin)).toBe(false);
    expect(restrictedMayOpen('/some-future-page', CompanyAdmin)).toBe(false);
    expect(restrictedShowsTab('unit', 'some-future-tab')).toBe(false);
  });

  it('lets its installer install, and only the installer', () => {
    expect(restrictedMayCall('POST /sensors/assign', CompanyInstaller)).toBe(true);
    expect(restrictedMayCall('GET /sensors/mac/:mac', CompanyInstaller)).toBe(true);
    expect(restrictedMayCall('GET /sensors/mac/:mac', CompanyAdmin)).toBe(false);
    expect(restrictedMayOpen('/installation', CompanyInstaller)).toBe(true);
    expect(restrictedMayOpen('/installation', CompanyAdmin)).toBe(false);
  });

  it('keeps only the default and properties tabs of the company page (spec section 2)', () => {
    const tabs = {
      company: ['dashboard', 'overview', 'properties', 'alerts', 'micrometers', 'submissions'],
      property: ['overview', 'buildings', 'alerts', 'micrometers', 'submissions', 'charts'],
      building: ['overview', 'units', 'alerts', 'micrometers', 'charts', 'submissions'],
      unit: ['alerts', 'micrometers', 'submissions', 'charts', 'overview'],
    } as const;
    const shown = Object.fromEntries(
      Object.entries(tabs).map(([level, list]) => [
        level,
        list.filter((tab) => restrictedShowsTab(level as keyof typeof tabs, tab)),
      ]),
    );
    expect(shown).toEqual({
      company: ['properties'],
      property: ['overview', 'buildings'],
      building: ['overview', 'units'],
      unit: ['overview'],
    });
  });

  it('opens each record page on a tab it shows', () => {
    expect(defaultTab('company', true)).toBe('properties');
    expect(defaultTab('unit', false)).toBe('micrometers');
    expect(defaultTab('unit', true)).toBe('overview');
    expect(defaultTab('building', true)).toBe('units');
  });
});
