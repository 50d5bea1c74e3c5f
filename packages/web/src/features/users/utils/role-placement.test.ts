import { RoleType } from '@flowsight/domain/lookups';
import type { GrantBounds } from '@flowsight/domain/role-grants';
import { describe, expect, it } from 'vitest';
import { grantOf, levelsToPick, NO_ROLE, placesOf, roleDraftComplete } from './role-placement';

const free: GrantBounds = { companyId: null, propertyId: null, buildingId: null };
const atProperty: GrantBounds = { companyId: 1, propertyId: 7, buildingId: null };

describe('levelsToPick', () => {
  it('offers company, property and building for the company roles, nothing for the others', () => {
    for (const type of [
      RoleType.CompanyAdmin,
      RoleType.CompanyManager,
      RoleType.CompanyInstaller,
    ]) {
      expect(levelsToPick(type)).toEqual(['company', 'property', 'building']);
    }
    expect(levelsToPick(RoleType.SystemAdmin)).toEqual([]);
    expect(levelsToPick(RoleType.SensorTester)).toEqual([]);
    expect(levelsToPick(null)).toEqual([]);
  });
});

describe('a role draft', () => {
  it('needs a type, and for a company role a company', () => {
    expect(roleDraftComplete(NO_ROLE, free)).toBe(false);
    const manager = { ...NO_ROLE, roleTypeId: RoleType.CompanyManager };
    expect(roleDraftComplete(manager, free)).toBe(false);
    expect(roleDraftComplete({ ...manager, companyId: 2 }, free)).toBe(true);
    // A company admin's own company is fixed: nothing more is needed.
    expect(roleDraftComplete(manager, { ...free, companyId: 1 })).toBe(true);
    expect(roleDraftComplete({ ...NO_ROLE, roleTypeId: RoleType.SystemSupport }, free)).toBe(true);
  });

  it('grants at the deepest place chosen, with every id above it', () => {
    const draft = {
      roleTypeId: RoleType.CompanyManager,
      companyId: 2,
      propertyId: 5,
      buildingId: 9,
    };
    expect(grantOf(draft, free)).toEqual({
      user_role_type_id: 5,
      company_id: 2,
      property_id: 5,
      building_id: 9,
    });
    expect(grantOf({ ...draft, buildingId: null }, free)).toEqual({
      user_role_type_id: 5,
      company_id: 2,
      property_id: 5,
    });
    expect(grantOf({ ...draft, roleTypeId: RoleType.SystemTechnician }, free)).toEqual({
      user_role_type_id: 3,
    });
  });

  it("never grants wider than, or beside, the caller's own place", () => {
    // A draft naming another company or property is overruled by the caller's fixed place.
    const draft = {
      roleTypeId: RoleType.CompanyAdmin,
      companyId: 2,
      propertyId: 8,
      buildingId: null,
    };
    expect(placesOf(draft, atProperty)).toEqual({ companyId: 1, propertyId: 7, buildingId: null });
    expect(grantOf(draft, atProperty)).toEqual({
      user_role_type_id: 4,
      company_id: 1,
      property_id: 7,
    });
  });

  it('drops a building left from an earlier property once the property is cleared', () => {
    const draft = {
      roleTypeId: RoleType.CompanyAdmin,
      companyId: 2,
      propertyId: null,
      buildingId: 9,
    };
    expect(grantOf(draft, free)).toEqual({ user_role_type_id: 4, company_id: 2 });
  });
});
