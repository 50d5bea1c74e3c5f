import { describe, expect, it } from 'vitest';
import { CompanyType, RoleType } from './lookups.ts';
import {
  type ActiveRoleContext,
  activeRoleContext,
  hasDrawer,
  headerControls,
  holdsLevel,
  isNarrowedRole,
  levelToAct,
  mayOpen,
  narrowedPlaceName,
  pagesOfRole,
  reachesToAct,
  showsRecordTab,
  sideMenu,
} from './web-access.ts';

const role = (
  roleTypeId: number,
  overrides: Partial<ActiveRoleContext> = {},
): ActiveRoleContext => ({
  roleTypeId,
  companyId: roleTypeId >= 4 && roleTypeId !== RoleType.SensorTester ? 7 : null,
  companyTypeId:
    roleTypeId >= 4 && roleTypeId !== RoleType.SensorTester ? CompanyType.PropertyManagement : null,
  allowAssignment: false,
  roleCount: 1,
  heldLevel:
    roleTypeId <= RoleType.SystemTechnician || roleTypeId === RoleType.SensorTester
      ? undefined
      : 'company',
  propertyId: null,
  buildingId: null,
  ...overrides,
});
/** A company role narrowed to property 3 of company 7, or to its building 12. */
const atProperty = (roleTypeId: number) =>
  role(roleTypeId, { heldLevel: 'property', propertyId: 3 });
const atBuilding = (roleTypeId: number) =>
  role(roleTypeId, { heldLevel: 'building', propertyId: 3, buildingId: 12 });
const ids = (r: ActiveRoleContext) =>
  sideMenu(r).flatMap((i) => [i.id, ...(i.children ?? []).map((c) => c.id)]);

describe('side menu by role', () => {
  it('gives system roles the full navigation', () => {
    for (const id of [RoleType.SystemSupport, RoleType.SystemTechnician]) {
      expect(sideMenu(role(id)).map((i) => i.id)).toEqual([
        'companies',
        'properties',
        'buildings',
        'alerts',
        'gateways',
        'appliances',
        'submissions',
        'micrometers',
        'users',
        'events',
        'reports',
        'statistics',
        'overview',
      ]);
    }
  });

  it('adds the integrations page for the system admin and company admins of the whole company', () => {
    const admin = sideMenu(role(RoleType.SystemAdmin));
    expect(admin.at(-1)).toEqual({ id: 'integrations', path: '/integrations' });
    expect(admin.slice(0, -1).map((i) => i.id)).toEqual(
      sideMenu(role(RoleType.SystemSupport)).map((i) => i.id),
    );
    expect(ids(role(RoleType.CompanyAdmin, { allowAssignment: true }))).toContain('integrations');
    expect(ids(role(RoleType.CompanyManager))).not.toContain('integrations');
  });

  it('gives company roles dashboard, their properties, users, gateways, reports and statistics', () => {
    const companyMenu = [
      { id: 'dashboard', path: '/dashboard' },
      { id: 'properties', path: '/companies/7/properties' },
      { id: 'users', path: '/users' },
      { id: 'gateways', path: '/gateways' },
      { id: 'reports', path: '/reports' },
      { id: 'statistics', path: '/statistics' },
    ];
    expect(sideMenu(role(RoleType.CompanyManager))).toEqual(companyMenu);
    // A company admin keeps the company's Flume accounts too.
    expect(sideMenu(role(RoleType.CompanyAdmin))).toEqual([
      ...companyMenu,
      { id: 'flume-accounts', path: '/flume-accounts' },
      { id: 'integrations', path: '/integrations' },
    ]);
  });

  it('links only pages the role may open', () => {
    const roles = [
      ...Object.values(RoleType).map((id) => role(id)),
      role(RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }),
      role(RoleType.CompanyManager, { companyTypeId: CompanyType.Restricted }),
    ];
    for (const r of roles) {
      for (const entry of sideMenu(r).flatMap((i) => [i, ...(i.children ?? [])])) {
        if (entry.children === undefined) expect(mayOpen(entry.path, r)).toBe(true);
      }
    }
  });

  it('adds micrometer assignment for a company admin whose company allows it', () => {
    expect(ids(role(RoleType.CompanyAdmin, { allowAssignment: true }))).toEqual([
      'dashboard',
      'properties',
      'users',
      'gateways',
      'reports',
      'statistics',
      'flume-accounts',
      'integrations',
      'micrometers',
      'micrometers-assignment',
    ]);
    expect(ids(role(RoleType.CompanyManager, { allowAssignment: true }))).not.toContain(
      'micrometers',
    );
  });

  it('leaves only properties for a restricted (type 3) company', () => {
    const restricted = role(RoleType.CompanyAdmin, {
      companyTypeId: CompanyType.Restricted,
      allowAssignment: true,
    });
    expect(ids(restricted)).toEqual(['properties']);
  });

  it('shows no drawer to the sensor tester and the installer', () => {
    for (const id of [RoleType.SensorTester, RoleType.CompanyInstaller]) {
      expect(hasDrawer(role(id))).toBe(false);
      expect(sideMenu(role(id))).toEqual([]);
    }
  });
});

describe('routes by role', () => {
  it.each([
    ['/companies', RoleType.SystemAdmin, {}, true],
    ['/companies/7/properties/3', RoleType.CompanyManager, {}, true],
    ['/overview', RoleType.CompanyAdmin, {}, false],
    ['/dashboard', RoleType.CompanyManager, {}, true],
    ['/dashboard', RoleType.CompanyManager, { companyTypeId: CompanyType.Restricted }, false],
    ['/dashboard', RoleType.SystemAdmin, {}, false],
    ['/users', RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }, false],
    ['/gateways?page=2', RoleType.CompanyAdmin, {}, true],
    ['/micrometers/testing', RoleType.SensorTester, {}, true],
    ['/companies', RoleType.SensorTester, {}, false],
    ['/installation', RoleType.CompanyInstaller, {}, true],
    ['/dashboard', RoleType.CompanyInstaller, {}, false],
    ['/micrometers/assignment', RoleType.CompanyAdmin, {}, false],
    ['/micrometers/assignment', RoleType.CompanyAdmin, { allowAssignment: true }, true],
    ['/micrometers/assignment', RoleType.SystemTechnician, {}, true],
    ['/statistics/usage', RoleType.CompanyManager, {}, true],
    ['/statistics/usage', RoleType.SensorTester, {}, false],
    ['/statistics', RoleType.CompanyManager, { companyTypeId: CompanyType.Restricted }, false],
    ['/reports', RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }, false],
    ['/reports', RoleType.CompanyManager, {}, true],
    ['/integrations', RoleType.SystemAdmin, {}, true],
    ['/integrations', RoleType.SystemSupport, {}, false],
    ['/integrations', RoleType.CompanyAdmin, {}, true],
    ['/integrations', RoleType.CompanyManager, {}, false],
    ['/integrations', RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }, false],
    ['/submissions/unassigned', RoleType.SystemTechnician, {}, true],
    ['/submissions/keep-alive', RoleType.CompanyAdmin, {}, false],
    // Flume accounts: whom the API lets keep them, never a company manager.
    ['/flume-accounts', RoleType.SystemSupport, {}, true],
    ['/flume-accounts', RoleType.SystemTechnician, {}, true],
    ['/flume-accounts', RoleType.CompanyAdmin, {}, true],
    ['/flume-accounts', RoleType.CompanyManager, {}, false],
    ['/flume-accounts', RoleType.CompanyInstaller, {}, false],
    ['/flume-accounts', RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }, false],
  ])('%s for role %i %o → %s', (path, roleTypeId, overrides, allowed) => {
    expect(mayOpen(path, role(roleTypeId, overrides))).toBe(allowed);
  });
});

describe('header controls by role', () => {
  it('gives system roles search, gateway search, export and password, but no bell or MFA', () => {
    expect(headerControls(role(RoleType.SystemSupport))).toEqual({
      globalSearch: true,
      gatewaySearch: true,
      leakBell: false,
      changePassword: true,
      mfaToggle: false,
      switchRole: false,
      language: true,
      exportAll: true,
      settings: true,
    });
  });

  it('gives company roles search, the bell, password and MFA', () => {
    expect(headerControls(role(RoleType.CompanyManager, { roleCount: 2 }))).toEqual({
      globalSearch: true,
      gatewaySearch: false,
      leakBell: true,
      changePassword: true,
      mfaToggle: true,
      switchRole: true,
      language: true,
      exportAll: false,
      settings: true,
    });
  });

  it('hides search and the bell for restricted companies and installers', () => {
    const restricted = headerControls(
      role(RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }),
    );
    expect([restricted.globalSearch, restricted.leakBell]).toEqual([false, false]);
    const installer = headerControls(role(RoleType.CompanyInstaller));
    expect([installer.globalSearch, installer.leakBell, installer.changePassword]).toEqual([
      false,
      false,
      false,
    ]);
    expect(installer.mfaToggle).toBe(true);
  });

  it('links Settings from the user menu for the roles that may open it', () => {
    const restricted = role(RoleType.CompanyManager, { companyTypeId: CompanyType.Restricted });
    expect(headerControls(restricted).settings).toBe(true);
    for (const id of [RoleType.SensorTester, RoleType.CompanyInstaller]) {
      expect(headerControls(role(id)).settings).toBe(false);
    }
  });
});

describe('pages of a role', () => {
  it('lists the landing page, each menu leaf and the settings once, every one openable', () => {
    const manager = role(RoleType.CompanyManager);
    const pages = pagesOfRole(manager);
    expect(pages[0]).toBe('/dashboard');
    expect(pages).toContain('/users');
    expect(pages).toContain('/settings');
    expect(new Set(pages).size).toBe(pages.length);
    for (const page of pages) expect(mayOpen(page, manager), page).toBe(true);

    const admin = pagesOfRole(role(RoleType.SystemAdmin));
    // A menu group is not a page: its children are.
    expect(admin).not.toContain('/submissions');
    expect(admin).toContain('/submissions/unassigned');
    expect(admin).toContain('/micrometers/testing');
  });
});

describe('site staff: a company role narrowed to a property or a building', () => {
  it('reads the narrowing from the session role', () => {
    const session = {
      user_role_type_id: RoleType.CompanyManager,
      company_id: 7,
      property_id: 3,
      building_id: null,
      unit_id: null,
      company_type_id: CompanyType.PropertyManagement,
      allow_assignment: false,
    };
    const context = activeRoleContext(session, 2);
    expect(context).toMatchObject({ heldLevel: 'property', propertyId: 3, buildingId: null });
    expect(isNarrowedRole(context)).toBe(true);
    expect(isNarrowedRole(activeRoleContext({ ...session, property_id: null }, 1))).toBe(false);
  });

  it('names the place whose totals its company figures are', () => {
    const names = { property_name: 'Maple Court', building_name: 'North Tower' };
    const held = { user_role_type_id: RoleType.CompanyManager, company_id: 7, unit_id: null };
    expect(narrowedPlaceName({ ...held, ...names, property_id: 3, building_id: null })).toBe(
      'Maple Court',
    );
    expect(narrowedPlaceName({ ...held, ...names, property_id: 3, building_id: 12 })).toBe(
      'North Tower',
    );
    expect(narrowedPlaceName({ ...held, ...names, property_id: null, building_id: null })).toBe(
      null,
    );
  });

  it('holds its place and what is below it, never its company', () => {
    const manager = atProperty(RoleType.CompanyManager);
    expect(holdsLevel(manager, 'company')).toBe(false);
    expect(holdsLevel(manager, 'property')).toBe(true);
    expect(holdsLevel(manager, 'building')).toBe(true);
    expect(holdsLevel(atBuilding(RoleType.CompanyAdmin), 'property')).toBe(false);
    expect(holdsLevel(role(RoleType.CompanyAdmin), 'company')).toBe(true);
    expect(holdsLevel(role(RoleType.SystemAdmin), 'company')).toBe(true);
  });

  it('creates and deletes from the level above, moves from two above, edits at its own', () => {
    expect(levelToAct('property', 'create')).toBe('company');
    expect(levelToAct('building', 'create')).toBe('property');
    expect(levelToAct('building', 'move')).toBe('company');
    expect(levelToAct('unit', 'delete')).toBe('building');
    expect(levelToAct('company', 'edit')).toBe('company');
    expect(levelToAct('company', 'delete')).toBe('company');
    const propertyAdmin = atProperty(RoleType.CompanyAdmin);
    expect(reachesToAct(propertyAdmin, 'company', 'edit')).toBe(false);
    expect(reachesToAct(propertyAdmin, 'property', 'create')).toBe(false);
    expect(reachesToAct(propertyAdmin, 'property', 'edit')).toBe(true);
    expect(reachesToAct(propertyAdmin, 'building', 'create')).toBe(true);
    const buildingAdmin = atBuilding(RoleType.CompanyAdmin);
    expect(reachesToAct(buildingAdmin, 'building', 'create')).toBe(false);
    expect(reachesToAct(buildingAdmin, 'building', 'edit')).toBe(true);
    expect(reachesToAct(buildingAdmin, 'unit', 'create')).toBe(true);
    expect(reachesToAct(role(RoleType.CompanyAdmin), 'property', 'create')).toBe(true);
  });

  it("hides the company's thresholds tab, not its other tabs", () => {
    const manager = atProperty(RoleType.CompanyManager);
    expect(showsRecordTab(manager, 'company', 'thresholds')).toBe(false);
    expect(showsRecordTab(manager, 'company', 'overview')).toBe(true);
    expect(showsRecordTab(manager, 'property', 'buildings')).toBe(true);
    expect(showsRecordTab(role(RoleType.CompanyManager), 'company', 'thresholds')).toBe(true);
  });

  it("closes the company's Flume accounts and keeps the rest of the menu", () => {
    const admin = atProperty(RoleType.CompanyAdmin);
    expect(mayOpen('/flume-accounts', admin)).toBe(false);
    expect(mayOpen('/flume-accounts', atBuilding(RoleType.CompanyAdmin))).toBe(false);
    expect(ids(admin)).toEqual([
      'dashboard',
      'properties',
      'users',
      'gateways',
      'reports',
      'statistics',
    ]);
  });

  it("leads the places entry to the role's own property or building", () => {
    const path = (r: ActiveRoleContext) => sideMenu(r).find((i) => i.id === 'properties')?.path;
    expect(path(atProperty(RoleType.CompanyManager))).toBe('/companies/7/properties/3');
    expect(path(atBuilding(RoleType.CompanyManager))).toBe(
      '/companies/7/properties/3/buildings/12',
    );
    expect(path(role(RoleType.CompanyManager))).toBe('/companies/7/properties');
    for (const r of [atProperty(RoleType.CompanyAdmin), atBuilding(RoleType.CompanyManager)]) {
      for (const page of pagesOfRole(r)) expect(mayOpen(page, r), page).toBe(true);
    }
  });
});
