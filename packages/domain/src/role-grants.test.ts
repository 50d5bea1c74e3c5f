import { describe, expect, it } from 'vitest';
import { RoleType } from './lookups.ts';
import { grantableRoleTypes, grantBounds, grantWithinBounds } from './role-grants.ts';

const held = (
  user_role_type_id: number,
  ids: { company?: number; property?: number; building?: number } = {},
) => ({
  user_role_type_id,
  company_id: ids.company ?? null,
  property_id: ids.property ?? null,
  building_id: ids.building ?? null,
});

describe('grantableRoleTypes', () => {
  it('offers system staff every type that can sign in, and no other', () => {
    expect(grantableRoleTypes(held(RoleType.SystemAdmin))).toEqual([1, 2, 3, 4, 5, 12, 13]);
  });

  it('offers a company admin the three company types', () => {
    expect(grantableRoleTypes(held(RoleType.CompanyAdmin, { company: 3 }))).toEqual([4, 5, 13]);
  });
});

describe('grantBounds', () => {
  it('fixes nothing for system staff', () => {
    expect(grantBounds(held(RoleType.SystemSupport))).toEqual({
      companyId: null,
      propertyId: null,
      buildingId: null,
    });
  });

  it('fixes a whole-company admin to the company only', () => {
    expect(grantBounds(held(RoleType.CompanyAdmin, { company: 3 }))).toEqual({
      companyId: 3,
      propertyId: null,
      buildingId: null,
    });
  });

  it('fixes a narrowed admin to their property or building', () => {
    expect(grantBounds(held(RoleType.CompanyAdmin, { company: 3, property: 8 }))).toEqual({
      companyId: 3,
      propertyId: 8,
      buildingId: null,
    });
    expect(
      grantBounds(held(RoleType.CompanyAdmin, { company: 3, property: 8, building: 21 })),
    ).toEqual({ companyId: 3, propertyId: 8, buildingId: 21 });
  });
});

describe('grantWithinBounds', () => {
  const siteAdmin = grantBounds(held(RoleType.CompanyAdmin, { company: 3, property: 8 }));

  it('lets a narrowed admin grant at their property or a building of it', () => {
    expect(grantWithinBounds(siteAdmin, { company_id: 3, property_id: 8 })).toBe(true);
    expect(grantWithinBounds(siteAdmin, { company_id: 3, property_id: 8, building_id: 4 })).toBe(
      true,
    );
  });

  it('refuses wider or other places than they hold', () => {
    expect(grantWithinBounds(siteAdmin, { company_id: 3 })).toBe(false);
    expect(grantWithinBounds(siteAdmin, { company_id: 3, property_id: 9 })).toBe(false);
    expect(grantWithinBounds(siteAdmin, { company_id: 4, property_id: 8 })).toBe(false);
  });

  it('leaves system staff free', () => {
    expect(
      grantWithinBounds(grantBounds(held(RoleType.SystemAdmin)), { company_id: 9, building_id: 2 }),
    ).toBe(true);
  });
});
