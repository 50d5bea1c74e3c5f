// What the active role may do with gateways, read from the API's access table (one source for
// the server's guard and the web's controls).
import { accessFor, mayCall } from '@flowsight/domain/access';

const may = (method: string, path: string, roleTypeId: number) => {
  const access = accessFor(method, path);
  return access !== undefined && mayCall(access, roleTypeId);
};

export function gatewayPermissions(roleTypeId: number) {
  return {
    create: may('POST', '/gateways', roleTypeId),
    edit: may('PUT', '/gateways/:id', roleTypeId),
    remove: may('DELETE', '/gateways/:id', roleTypeId),
    setStatus: may('PUT', '/gateways/:id/status/:status', roleTypeId),
    toggleAlerts: may('PUT', '/gateways/:id/disable-alerts/:status', roleTypeId),
    adminApp: may('GET', '/gateways/:id/admin-app', roleTypeId),
  };
}
export type GatewayPermissions = ReturnType<typeof gatewayPermissions>;
