// Who may change a company's appliance thresholds, read from the API's access table (one source
// for the server's guard and the web's controls).
import { accessFor, mayCall } from '@flowsight/domain/access';

export function mayEditThresholds(roleTypeId: number): boolean {
  const access = accessFor(
    'PUT',
    '/companies/:id/appliances-thresholds/:applianceTypeId/:threshold',
  );
  return access !== undefined && mayCall(access, roleTypeId);
}
