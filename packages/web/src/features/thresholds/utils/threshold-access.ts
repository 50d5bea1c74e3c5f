// Who may change a company's appliance and unaccounted-water thresholds, read from the API's
// access table (one source for the server's guard and the web's controls).
import { accessFor, mayCall } from '@flowsight/domain/access';

const mayPut = (path: string, roleTypeId: number) => {
  const access = accessFor('PUT', path);
  return access !== undefined && mayCall(access, roleTypeId);
};

export function mayEditThresholds(roleTypeId: number): boolean {
  return mayPut('/companies/:id/appliances-thresholds/:applianceTypeId/:threshold', roleTypeId);
}

export function mayEditUnaccountedThreshold(roleTypeId: number): boolean {
  return mayPut('/companies/:id/appliances-thresholds/unaccounted-water', roleTypeId);
}
