import { describe, expect, it } from 'vitest';
import { CompanyType, RoleType } from './lookups.ts';
import { defaultPathFor } from './navigation.ts';

describe('defaultPathFor', () => {
  it.each([
    [RoleType.SystemAdmin, null, '/companies'],
    [RoleType.SystemSupport, null, '/companies'],
    [RoleType.SystemTechnician, null, '/companies'],
    [RoleType.CompanyAdmin, CompanyType.PropertyManagement, '/dashboard'],
    [RoleType.CompanyManager, CompanyType.BuildingOwner, '/dashboard'],
    [RoleType.CompanyAdmin, CompanyType.Restricted, '/companies'],
    [RoleType.CompanyManager, CompanyType.Restricted, '/companies'],
    [RoleType.SensorTester, null, '/micrometers/testing'],
    [RoleType.CompanyInstaller, CompanyType.PropertyManagement, '/installation'],
    [RoleType.Resident, null, '/companies'],
  ])('role %i of company type %s lands on %s', (role, companyType, path) => {
    expect(defaultPathFor(role, companyType)).toBe(path);
  });
});
