// Gateway rules without schemas (spec sections 3, 4 and 7): the wording of the gateway refusals,
// the status check and the admin-app link. Free of zod, so the web shell can use them; the
// write schemas are in `gateways.ts`, which re-exports everything here.
import { gatewayStatuses } from './lookups.ts';

export const gatewayMessages = {
  serialRequired: 'Serial number is required',
  serialTooLong: 'Serial number must not exceed 64 characters',
  serialTaken: 'A gateway with this serial number already exists',
  unknownStatus: 'Choose one of the gateway statuses',
  notFound: 'Gateway not found',
  buildingNotFound: 'Building not found',
  deleted: 'Gateway deleted',
} as const;

const statusIds = new Set<number>(gatewayStatuses.map((status) => status.id));

/** Whether `id` is one of the gateway statuses of the lookup catalogue. */
export const isGatewayStatusId = (id: number) => statusIds.has(id);

/** The admin-app link of a gateway from the configured template (`{serial}` replaced). */
export function gatewayAdminUrl(template: string, serialNumber: string): string {
  const serial = encodeURIComponent(serialNumber);
  return template.replaceAll('{serial}', serial).replaceAll('%7Bserial%7D', serial);
}
