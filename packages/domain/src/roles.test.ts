import { describe, expect, it } from 'vitest';
import { RoleType } from './lookups.ts';
import { describeRole, heldRoleLevel, mayUseWebApp, roleLevels } from './roles.ts';

describe('mayUseWebApp', () => {
  it('lets role types 1–5, 12 and 13 in and refuses the rest', () => {
    const allowed = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].filter(mayUseWebApp);
    expect(allowed).toEqual([1, 2, 3, 4, 5, 12, 13]);
  });
});

describe('describeRole', () => {
  it('names system roles alone', () => {
    expect(describeRole(RoleType.SystemAdmin)).toBe('System Admin');
  });

  it("adds 'of' and the scope names for roles above system support", () => {
    expect(describeRole(RoleType.CompanyAdmin, { company_name: 'Harborview' })).toBe(
      'Company Admin of Harborview',
    );
    expect(
      describeRole(RoleType.Resident, {
        company_name: 'Harborview',
        property_name: 'Beacon Court',
        building_name: 'North',
        unit_name: '4B',
      }),
    ).toBe('Resident of Harborview, Beacon Court, North, 4B');
  });

  it("leaves 'of' out for the sensor tester and system support", () => {
    expect(describeRole(RoleType.SensorTester, { company_name: 'Lab' })).toBe('Sensor Tester Lab');
    expect(describeRole(RoleType.SystemSupport, { company_name: 'Lab' })).toBe(
      'System Support Lab',
    );
  });
});

describe('roleLevels', () => {
  it('lets company roles sit at their company, one property or one building', () => {
    for (const type of [
      RoleType.CompanyAdmin,
      RoleType.CompanyManager,
      RoleType.CompanyInstaller,
    ]) {
      expect(roleLevels(type)).toEqual(['company', 'property', 'building']);
    }
    expect(roleLevels(RoleType.PropertyManager)).toEqual(['property']);
    expect(roleLevels(RoleType.Resident)).toEqual(['unit']);
    expect(roleLevels(RoleType.SystemAdmin)).toEqual([]);
    expect(roleLevels(RoleType.SensorTester)).toEqual([]);
  });
});

describe('heldRoleLevel', () => {
  const nowhere = { company_id: null, property_id: null, building_id: null, unit_id: null };
  it('is the deepest level a held role names', () => {
    expect(heldRoleLevel(nowhere)).toBeUndefined();
    expect(heldRoleLevel({ ...nowhere, company_id: 1 })).toBe('company');
    expect(heldRoleLevel({ ...nowhere, company_id: 1, property_id: 2 })).toBe('property');
    expect(heldRoleLevel({ ...nowhere, company_id: 1, property_id: 2, building_id: 3 })).toBe(
      'building',
    );
  });
});
