import { CompanyType, RoleType, type RoleTypeId } from '@flowsight/domain/lookups';
import {
  type ActiveRoleContext,
  type MenuItem,
  mayOpen,
  sideMenu,
  webRoutes,
} from '@flowsight/domain/web-access';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shellPages } from './route-manifest';
import { appRoutes } from './router';
import { NotFoundPage } from './routes/not-found-page';

const roleOf = (roleTypeId: RoleTypeId, overrides: Partial<ActiveRoleContext> = {}) => ({
  roleTypeId,
  companyId: roleTypeId <= RoleType.SystemTechnician ? null : 5,
  companyTypeId: roleTypeId <= RoleType.SystemTechnician ? null : CompanyType.PropertyManagement,
  allowAssignment: true,
  roleCount: 1,
  heldLevel: roleTypeId <= RoleType.SystemTechnician ? undefined : ('company' as const),
  propertyId: null,
  buildingId: null,
  ...overrides,
});

const roles: ActiveRoleContext[] = [
  roleOf(RoleType.SystemAdmin),
  roleOf(RoleType.SystemSupport),
  roleOf(RoleType.SystemTechnician),
  roleOf(RoleType.CompanyAdmin),
  roleOf(RoleType.CompanyAdmin, { allowAssignment: false }),
  roleOf(RoleType.CompanyManager),
  roleOf(RoleType.CompanyAdmin, { companyTypeId: CompanyType.Restricted }),
  // Site staff: a company role narrowed to a property or a building.
  roleOf(RoleType.CompanyManager, { heldLevel: 'property', propertyId: 3 }),
  roleOf(RoleType.CompanyAdmin, { heldLevel: 'building', propertyId: 3, buildingId: 9 }),
];

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children ? leaves(item.children) : [item]));

/** The deepest route a path opens, or undefined when none does. */
function pageAt(path: string) {
  return matchRoutes(appRoutes, path)?.at(-1)?.route;
}

describe('route manifest', () => {
  it('gives every access pattern of the domain a page, and no page without one', () => {
    expect(Object.keys(shellPages).sort()).toEqual(Object.keys(webRoutes).sort());
  });

  it('opens a titled page for every side-menu entry of every role', () => {
    for (const role of roles) {
      for (const item of leaves(sideMenu(role))) {
        expect(mayOpen(item.path, role), `${item.path} for role ${role.roleTypeId}`).toBe(true);
        const matches = matchRoutes(appRoutes, item.path) ?? [];
        const titled = matches.some(
          (match) =>
            typeof match.route.handle === 'object' &&
            match.route.handle !== null &&
            'titleKey' in match.route.handle,
        );
        expect(titled, item.path).toBe(true);
        expect(pageAt(item.path)?.Component, item.path).not.toBe(NotFoundPage);
      }
    }
  });

  it('titles each page as its menu entry names it', () => {
    for (const item of leaves(sideMenu(roleOf(RoleType.SystemAdmin)))) {
      const pages: Record<string, (typeof shellPages)[keyof typeof shellPages]> = shellPages;
      const page = pages[item.path] ?? pages[`${item.path}/*`];
      expect(page && 'titleKey' in page ? page.titleKey : undefined, item.path).toBe(
        `nav.${item.id}`,
      );
    }
  });
});
