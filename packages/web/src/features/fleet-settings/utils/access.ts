// What the active role may change on the fleet settings pages: read from the domain's permission
// matrix, the table the server's guard enforces, so an edit button shows exactly when its call
// would be allowed.
import { apiAccess, mayCall } from '@flowsight/domain/access';

export type FleetSettingsAction = 'editFixture' | 'editConfigDefault' | 'editGallonThresholds';

const routeOf: Record<FleetSettingsAction, string> = {
  editFixture: 'PUT /appliances/:id',
  editConfigDefault: 'PUT /sensors/config-defaults/:id/:value',
  editGallonThresholds: 'POST /sensors/gallon-thresholds',
};

export function mayChange(action: FleetSettingsAction, roleTypeId: number): boolean {
  const access = apiAccess[routeOf[action]];
  return access !== undefined && mayCall(access, roleTypeId);
}
