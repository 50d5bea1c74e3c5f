// The gateways' rules (spec sections 3, 4 and 7 "Gateways"; DESIGN sections 4 and 6): who sees
// and changes which gateway, unique serial numbers, building assignment with its history (the
// company and property follow the building), status and alerts-disabled changes, the admin-app
// link, search-top and the CSV export. Every write is an event.
import { SEARCH_TOP_LIMIT } from '@flowsight/domain/constants';
import {
  type GatewayUpdate,
  type GatewayValues,
  gatewayAdminUrl,
  gatewayMessages,
  isGatewayStatusId,
} from '@flowsight/domain/gateways';
import { gatewayStatuses } from '@flowsight/domain/lookups';
import { type CsvColumn, csvFile, keysetChunks, placeNameColumns } from '../../lib/csv.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import {
  type GatewayExportRow,
  type GatewayFields,
  type GatewayRecord,
  type GatewaysRepository,
  gatewayList,
  type Placement,
} from './gateways.repository.ts';

export const gatewayListQuerySchema = gatewayList.querySchema;

type GatewayEvent = Parameters<GatewaysRepository['update']>[4][number];

type Dependencies = {
  repository: GatewaysRepository;
  /** `GATEWAY_ADMIN_URL`: the network server's page of a gateway, `{serial}` replaced. */
  adminUrlTemplate: string;
  now?: () => Date;
};

type GatewayCsv = GatewayExportRow & { status: string; alerts: string };
const gatewayCsv: readonly CsvColumn<GatewayCsv>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'serial_number', header: 'Serial number', kind: 'text' },
  { key: 'name', header: 'Name', kind: 'text' },
  { key: 'model', header: 'Model', kind: 'text' },
  ...placeNameColumns('company', 'property', 'building'),
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'alerts', header: 'Alerts disabled', kind: 'text' },
  { key: 'last_seen_at', header: 'Last seen', kind: 'date' },
  { key: 'created_at', header: 'Created', kind: 'date' },
];
const statusName = (id: number) =>
  gatewayStatuses.find((status) => status.id === id)?.name ?? String(id);

/** A unique-key refusal of the database (a serial taken between the check and the write). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23505') return true;
    current = candidate.cause;
  }
  return false;
}

async function serialGuard<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(gatewayMessages.serialTaken);
    throw error;
  }
}

/** The columns an edit names, in the table's words. */
function fieldsOf(input: GatewayUpdate): GatewayFields {
  const fields: GatewayFields = {};
  if (input.serial_number !== undefined) fields.serialNumber = input.serial_number;
  if (input.name !== undefined) fields.name = input.name;
  if (input.model !== undefined) fields.model = input.model;
  if (input.gateway_status_id !== undefined) fields.gatewayStatusId = input.gateway_status_id;
  if (input.alerts_disabled !== undefined) fields.alertsDisabled = input.alerts_disabled;
  return fields;
}

export function createGatewaysService({
  repository,
  adminUrlTemplate,
  now = () => new Date(),
}: Dependencies) {
  async function gateway(scope: Scope, id: number): Promise<GatewayRecord> {
    const found = await repository.one(scope, id);
    if (!found) throw new NotFound(gatewayMessages.notFound);
    return found;
  }

  async function placementOf(scope: Scope, buildingId: number | null): Promise<Placement> {
    if (buildingId === null) return { buildingId: null, companyId: null, propertyId: null };
    const placement = await repository.placementOf(scope, buildingId);
    if (!placement) throw new Invalid(gatewayMessages.buildingNotFound);
    return placement;
  }

  async function refuseTakenSerial(serialNumber: string, self?: number) {
    const holder = await repository.idOfSerial(serialNumber);
    if (holder !== undefined && holder !== self) throw new Conflict(gatewayMessages.serialTaken);
  }

  /** Changes fields of a visible gateway, or answers 404 and changes nothing. */
  async function change(
    scope: Scope,
    id: number,
    fields: GatewayFields,
    placement: Placement | undefined,
    events: readonly GatewayEvent[],
  ) {
    const changed = await serialGuard(
      repository.update(scope, id, fields, placement, events, now()),
    );
    if (!changed) throw new NotFound(gatewayMessages.notFound);
    return gateway(scope, id);
  }

  return {
    async list(scope: Scope, input: ListQueryInput, url: string) {
      return gatewayList.page(input, url, (query) => repository.page(scope, query));
    },

    get: gateway,

    async create(scope: Scope, input: GatewayValues) {
      await refuseTakenSerial(input.serial_number);
      const placement = await placementOf(scope, input.building_id ?? null);
      const id = await serialGuard(
        repository.create(
          scope,
          { ...fieldsOf(input), serialNumber: input.serial_number },
          placement,
          { action: 'created', to: input },
          now(),
        ),
      );
      return gateway(scope, id);
    },

    async update(scope: Scope, id: number, input: GatewayUpdate) {
      const current = await gateway(scope, id);
      if (input.serial_number !== undefined && input.serial_number !== current.serial_number) {
        await refuseTakenSerial(input.serial_number, id);
      }
      const fields = fieldsOf(input);
      const moves = input.building_id !== undefined && input.building_id !== current.building_id;
      const placement = moves ? await placementOf(scope, input.building_id ?? null) : undefined;
      const events: GatewayEvent[] = [];
      const { building_id: _building, ...rest } = input;
      if (Object.keys(rest).length > 0) events.push({ action: 'updated', to: rest });
      if (moves) {
        events.push({
          action: 'building-changed',
          from: { building_id: current.building_id },
          to: { building_id: placement?.buildingId ?? null },
        });
      }
      if (events.length === 0) return current;
      return change(scope, id, fields, placement, events);
    },

    async remove(scope: Scope, id: number) {
      const current = await gateway(scope, id);
      const removed = await repository.remove(scope, id, {
        from: { serial_number: current.serial_number, building_id: current.building_id },
      });
      if (!removed) throw new NotFound(gatewayMessages.notFound);
      return { message: gatewayMessages.deleted };
    },

    async setAlertsDisabled(scope: Scope, id: number, disabled: boolean) {
      const current = await gateway(scope, id);
      return change(scope, id, { alertsDisabled: disabled }, undefined, [
        {
          action: disabled ? 'alerts-disabled' : 'alerts-enabled',
          from: { alerts_disabled: current.alerts_disabled },
          to: { alerts_disabled: disabled },
        },
      ]);
    },

    async setStatus(scope: Scope, id: number, statusId: number) {
      if (!isGatewayStatusId(statusId)) throw new Invalid(gatewayMessages.unknownStatus);
      const current = await gateway(scope, id);
      return change(scope, id, { gatewayStatusId: statusId }, undefined, [
        {
          action: 'status-changed',
          from: { gateway_status_id: current.gateway_status_id },
          to: { gateway_status_id: statusId },
        },
      ]);
    },

    searchTop: (scope: Scope, text: string) =>
      repository.searchTop(scope, text.trim(), SEARCH_TOP_LIMIT),

    async adminApp(scope: Scope, id: number) {
      const { serial_number } = await gateway(scope, id);
      return { url: gatewayAdminUrl(adminUrlTemplate, serial_number) };
    },

    async history(scope: Scope, id: number) {
      await gateway(scope, id);
      const rows = await repository.history(scope, id);
      return rows.map(
        ({ assigned_by_id, assigned_by_first_name, assigned_by_last_name, ...row }) => ({
          ...row,
          assigned_at: row.assigned_at.toISOString(),
          unassigned_at: row.unassigned_at?.toISOString() ?? null,
          assigned_by:
            assigned_by_id === null
              ? null
              : {
                  id: assigned_by_id,
                  name: `${assigned_by_first_name ?? ''} ${assigned_by_last_name ?? ''}`.trim(),
                },
        }),
      );
    },

    exportCsv(scope: Scope, timeZone: string) {
      return csvFile(
        'gateways',
        gatewayCsv,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk(scope, afterId, limit)).map((row) => ({
              ...row,
              status: statusName(row.gateway_status_id),
              alerts: row.alerts_disabled ? 'Yes' : 'No',
            })),
          (row) => row.id,
        ),
        timeZone,
        now(),
      );
    },
  };
}
export type GatewaysService = ReturnType<typeof createGatewaysService>;
