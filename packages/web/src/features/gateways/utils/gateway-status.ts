// Gateway statuses as the interface shows them: the catalogue key and chip colour per lookup id.
import { GatewayStatus, gatewayStatuses } from '@flowsight/domain/lookups';

export const gatewayStatusIds = gatewayStatuses.map((status) => status.id);

const statusKeys = {
  [GatewayStatus.Online]: 'gateways.statuses.online',
  [GatewayStatus.Offline]: 'gateways.statuses.offline',
  [GatewayStatus.Maintenance]: 'gateways.statuses.maintenance',
  [GatewayStatus.Decommissioned]: 'gateways.statuses.decommissioned',
} as const;
const statusColours = {
  [GatewayStatus.Online]: 'success',
  [GatewayStatus.Offline]: 'error',
  [GatewayStatus.Maintenance]: 'warning',
  [GatewayStatus.Decommissioned]: 'default',
} as const;

type KnownStatus = keyof typeof statusKeys;
const isKnown = (id: number): id is KnownStatus => id in statusKeys;

export const gatewayStatusKey = (id: number) => (isKnown(id) ? statusKeys[id] : null);
export const gatewayStatusColour = (id: number) => (isKnown(id) ? statusColours[id] : 'default');
