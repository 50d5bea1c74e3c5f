// The route behind each gateway control; whether the active role may call it is answered by
// lib/permissions.ts (the domain's permission matrix, as the server's guard).
import { permissionsOf } from '@/lib/permissions';

const gatewayRoutes = {
  create: 'POST /gateways',
  edit: 'PUT /gateways/:id',
  remove: 'DELETE /gateways/:id',
  setStatus: 'PUT /gateways/:id/status/:status',
  toggleAlerts: 'PUT /gateways/:id/disable-alerts/:status',
  adminApp: 'GET /gateways/:id/admin-app',
} as const;

export const gatewayPermissions = (roleTypeId: number) => permissionsOf(gatewayRoutes, roleTypeId);
export type GatewayPermissions = ReturnType<typeof gatewayPermissions>;
