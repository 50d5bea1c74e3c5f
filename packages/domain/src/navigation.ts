// Where each role lands after sign-in (spec section 2).

import { DEFAULT_PATH } from './constants.ts';
import { CompanyType, RoleType } from './lookups.ts';

export function defaultPathFor(roleTypeId: number, companyTypeId?: number | null): string {
  switch (roleTypeId) {
    case RoleType.SystemAdmin:
    case RoleType.SystemSupport:
    case RoleType.SystemTechnician:
      return '/companies';
    case RoleType.CompanyAdmin:
    case RoleType.CompanyManager:
      return companyTypeId === CompanyType.Restricted ? '/companies' : '/dashboard';
    case RoleType.SensorTester:
      return '/micrometers/testing';
    case RoleType.CompanyInstaller:
      return '/installation';
    default:
      return DEFAULT_PATH;
  }
}
