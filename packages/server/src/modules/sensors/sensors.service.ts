// Micrometers (spec section 7, Sensors): the lists (fleet-wide for provider staff, per place for
// everyone in scope), one sensor by id or MAC with its recent readings, and the lifecycle writes —
// assignment to a fixture, state and status (one sensor or a whole building), notification
// exclusion, reported issues, office assignments and configuration. Every write is one
// transaction that records an event with who and when.

import type { StockLookup } from '@flowsight/domain/access';
import { RoleType, SensorState, sensorStates, sensorStatuses } from '@flowsight/domain/lookups';
import { normalizeMac } from '@flowsight/domain/mac';
import {
  type AssignAction,
  type ConfigParams,
  micrometerMessages as m,
  type Placement,
} from '@flowsight/domain/micrometers';
import { type PortfolioLevel, placeNotFound } from '@flowsight/domain/portfolio';
import type { Database, Executor } from '../../db/client.ts';
import { type CsvColumn, csvFile, keysetChunks } from '../../lib/csv.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import {
  inScope,
  type Reservation,
  type Scope,
  seesEverything,
  stockInScope,
  systemScope,
} from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import { toSubmission } from '../submissions/submissions.service.ts';
import type { DownlinkQueue } from './downlinks.ts';
import {
  type FleetList,
  type SensorRecord,
  type SensorSelection,
  type SensorsRepository,
  type SensorValues,
  sensorList,
} from './sensors.repository.ts';
import { type Micrometer, toMicrometer } from './sensors.schemas.ts';

const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));

export type { FleetList };

type Dependencies = {
  db: Database;
  repository: SensorsRepository;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  downlinks: DownlinkQueue;
  now?: () => Date;
};

export function createSensorsService({
  db,
  repository,
  portfolio,
  downlinks,
  now = () => new Date(),
}: Dependencies) {
  /** The API shape; a reservation is shown only to roles whose scope holds its building. */
  function shape(scope: Scope, record: SensorRecord): Micrometer {
    const micrometer = toMicrometer(record);
    const reservation = reservationOf(micrometer);
    return reservation && !inScope(scope, reservation)
      ? { ...micrometer, office_assignment: null }
      : micrometer;
  }
  /** Stock (no company) is in the answer only when the access table's stock rule allows it. */
  const visible = (scope: Scope, record: SensorRecord | undefined, lookup: StockLookup) =>
    record &&
    (record.company_id !== null || stockInScope(scope, reservationOf(toMicrometer(record)), lookup))
      ? record
      : undefined;
  async function findByMac(scope: Scope, raw: string) {
    const mac = normalizeMac(raw);
    return visible(scope, mac ? await repository.byMac(scope, mac) : undefined, 'mac');
  }

  async function requireSensor(scope: Scope, id: number) {
    const record = visible(scope, await repository.byId(scope, id), 'id');
    if (!record) throw new NotFound(m.notFound);
    return record;
  }
  async function requireByMac(scope: Scope, raw: string) {
    const record = await findByMac(scope, raw);
    if (!record) throw new NotFound(m.notFound);
    return record;
  }
  /** Writes that change a sensor act on sensors the caller lists (assigned in scope, or stock for staff). */
  function requireManaged(scope: Scope, record: SensorRecord) {
    if (record.company_id === null && !seesEverything(scope)) throw new NotFound(m.notFound);
  }
  const { requirePlace } = portfolio;
  /** Company admins assign only when their company allows it (spec sections 2 and 6). */
  async function requireAssignmentAllowed(scope: Scope) {
    if (scope.roleTypeId !== RoleType.CompanyAdmin) return;
    if (!(await repository.allowsAssignment(scope.companyId ?? 0))) {
      throw new Forbidden(m.assignmentNotAllowed);
    }
  }

  const setSensor = (
    tx: Executor,
    scope: Scope,
    before: SensorRecord,
    values: SensorValues,
    action: string,
    from: unknown,
    to: unknown,
  ) => repository.update(tx, scope, before, values, { action, from, to }, now());

  async function reread(id: number) {
    // The caller may have just moved the sensor out of their own scope (unassign).
    const record = await repository.byId(systemScope, id);
    if (!record) throw new NotFound(m.notFound);
    return shape(systemScope, record);
  }

  /** Checks the placement's chain company → property → building → unit and its fixture slot. */
  async function checkPlacement(scope: Scope, sensorId: number, placement: Placement) {
    if (!seesEverything(scope) && placement.company_id !== scope.companyId) {
      throw new NotFound(placeNotFound('company'));
    }
    const unit = await repository.placementFacts(placement.unit_id, placement.building_id);
    if (!unit) {
      await requirePlace(scope, 'building', placement.building_id);
      throw new NotFound(placeNotFound('unit'));
    }
    await requirePlace(scope, 'unit', placement.unit_id);
    if (unit.buildingCompanyId !== placement.company_id) {
      throw new Invalid(
        unit.buildingPropertyId === placement.property_id
          ? m.propertyNotInCompany
          : m.buildingNotInProperty,
      );
    }
    if (unit.buildingPropertyId !== placement.property_id)
      throw new Invalid(m.buildingNotInProperty);
    if (unit.buildingId !== placement.building_id) throw new Invalid(m.unitNotInBuilding);
    const taken = await repository.slotHolder(
      placement.unit_id,
      placement.appliance_type_id,
      sensorId,
    );
    if (taken) throw new Conflict(m.slotTaken);
  }

  const placementOf = (r: SensorRecord) => ({
    company_id: r.company_id,
    property_id: r.property_id,
    building_id: r.building_id,
    unit_id: r.unit_id,
    appliance_type_id: r.appliance_type_id,
    room_type_id: r.room_type_id,
    water_type_id: r.water_type_id,
  });

  async function listed(
    scope: Scope,
    input: ListQueryInput,
    url: string,
    selection?: SensorSelection,
  ) {
    const query = sensorList.toQuery(input);
    const { rows, total } = await repository.page(scope, query, selection);
    return listEnvelope(
      rows.map((row) => shape(scope, row)),
      total,
      query,
      url,
    );
  }

  type CsvRow = Micrometer & {
    state: string;
    status: string;
    keepalive: Date | null;
    submission: Date | null;
    production: Date | null;
  };
  const csvColumns: readonly CsvColumn<CsvRow>[] = [
    { key: 'mac_address', header: 'MAC', kind: 'text' },
    { key: 'state', header: 'State', kind: 'text' },
    { key: 'status', header: 'Status', kind: 'text' },
    { key: 'battery', header: 'Battery (%)', kind: 'number' },
    { key: 'firmware_version', header: 'Firmware', kind: 'text' },
    { key: 'company_name', header: 'Company', kind: 'text' },
    { key: 'property_name', header: 'Property', kind: 'text' },
    { key: 'building_name', header: 'Building', kind: 'text' },
    { key: 'unit_name', header: 'Unit', kind: 'text' },
    { key: 'appliance_type_id', header: 'Fixture type', kind: 'number' },
    { key: 'keepalive', header: 'Last keep-alive', kind: 'date' },
    { key: 'submission', header: 'Last submission', kind: 'date' },
    { key: 'production', header: 'Production date', kind: 'date' },
  ];

  return {
    listFleet: (scope: Scope, list: FleetList, input: ListQueryInput, url: string) =>
      listed(scope, input, url, { fleet: list }),
    async listOfPlace(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      input: ListQueryInput,
      url: string,
    ) {
      await requirePlace(scope, level, id);
      return listed(scope, input, url, { place: { level, id } });
    },
    async unitSensorsCount(scope: Scope, unitId: number) {
      await requirePlace(scope, 'unit', unitId);
      return {
        count: await repository.count(scope, { place: { level: 'unit', id: unitId } }),
      };
    },
    get: async (scope: Scope, id: number) => shape(scope, await requireSensor(scope, id)),
    getByMac: async (scope: Scope, mac: string) => shape(scope, await requireByMac(scope, mac)),
    async recentSubmissions(scope: Scope, id: number, limit: number) {
      const record = await requireSensor(scope, id);
      const rows = await repository.recentSubmissions(scope, record.mac_address, limit);
      return { data: rows.map(toSubmission) };
    },
    async searchTop(scope: Scope, text: string) {
      return (await repository.searchTop(scope, text, 5)).map((row) => shape(scope, row));
    },
    exportAll: (scope: Scope, timeZone: string) =>
      csvFile(
        'sensors',
        csvColumns,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk(scope, afterId ?? 0, limit)).map((record) => {
              const sensor = shape(scope, record);
              return {
                ...sensor,
                state: sensorStates.find((s) => s.id === sensor.sensor_state_id)?.name ?? '',
                status: sensorStatuses.find((s) => s.id === sensor.sensor_status_id)?.name ?? '',
                keepalive: dateOf(sensor.last_keepalive),
                submission: dateOf(sensor.last_submission),
                production: dateOf(sensor.install_date),
              };
            }),
          (row) => row.id,
        ),
        timeZone,
        now(),
      ),

    /** Deletes a micrometer that is in stock and never reported (history is never deleted). */
    async remove(scope: Scope, id: number) {
      const sensor = await requireSensor(scope, id);
      if (sensor.company_id !== null)
        throw new Conflict('Unassign this micrometer before deleting it');
      if (await repository.hasReadings(sensor.mac_address)) {
        throw new Conflict(
          'This micrometer has readings; mark it defective or uninstalled instead',
        );
      }
      await db.transaction((tx) => repository.remove(tx, scope, id, sensor.mac_address));
    },

    // ── Lifecycle writes ──
    async assign(scope: Scope, rawMac: string, action: AssignAction, placement?: Placement) {
      const sensor = await requireByMac(scope, rawMac);
      await requireAssignmentAllowed(scope);
      if (action === 'assign' && sensor.company_id !== null) throw new Conflict(m.alreadyAssigned);
      if (action !== 'assign' && sensor.company_id === null) throw new Conflict(m.notAssigned);
      if (action !== 'unassign' && sensor.sensor_state_id === SensorState.Defective) {
        throw new Conflict(m.defective);
      }
      if (action === 'unassign') {
        await db.transaction(async (tx) => {
          await setSensor(
            tx,
            scope,
            sensor,
            {
              companyId: null,
              propertyId: null,
              buildingId: null,
              unitId: null,
              applianceTypeId: null,
              roomTypeId: null,
              waterTypeId: null,
              sensorStateId: SensorState.Uninstalled,
            },
            'unassigned',
            placementOf(sensor),
            null,
          );
          // Its threshold was that company's; a sensor back on the shelf has none.
          await repository.dropThreshold(tx, sensor.id);
        });
        return reread(sensor.id);
      }
      if (!placement) throw new Invalid(m.placementRequired);
      await checkPlacement(scope, sensor.id, placement);
      try {
        await db.transaction(async (tx) => {
          await setSensor(
            tx,
            scope,
            sensor,
            {
              companyId: placement.company_id,
              propertyId: placement.property_id,
              buildingId: placement.building_id,
              unitId: placement.unit_id,
              applianceTypeId: placement.appliance_type_id,
              roomTypeId: placement.room_type_id ?? null,
              waterTypeId: placement.water_type_id ?? null,
              sensorStateId: SensorState.Installed,
            },
            action === 'assign' ? 'assigned' : 'reassigned',
            placementOf(sensor),
            placement,
          );
          // A gallon threshold belongs to the company the sensor serves.
          await repository.moveThreshold(tx, sensor.id, placement.company_id, now());
          await repository.installOfficeAssignment(tx, sensor.id, placement.unit_id, now());
        });
      } catch (error) {
        // Two people filling the same slot at once: the unique fixture-slot index decides.
        if ((error as { code?: string }).code === '23505') throw new Conflict(m.slotTaken);
        const cause = (error as { cause?: { code?: string } }).cause;
        if (cause?.code === '23505') throw new Conflict(m.slotTaken);
        throw error;
      }
      return reread(sensor.id);
    },

    async setState(scope: Scope, id: number, stateId: number) {
      const sensor = await requireSensor(scope, id);
      requireManaged(scope, sensor);
      await db.transaction((tx) =>
        setSensor(
          tx,
          scope,
          sensor,
          { sensorStateId: stateId },
          'state',
          sensor.sensor_state_id,
          stateId,
        ),
      );
      return reread(id);
    },
    async setStatus(scope: Scope, id: number, statusId: number) {
      const sensor = await requireSensor(scope, id);
      requireManaged(scope, sensor);
      await db.transaction((tx) =>
        setSensor(
          tx,
          scope,
          sensor,
          { sensorStatusId: statusId },
          'status',
          sensor.sensor_status_id,
          statusId,
        ),
      );
      return reread(id);
    },
    /** State or status of every sensor of a building, in one transaction. */
    async setForBuilding(
      scope: Scope,
      buildingId: number,
      field: 'state' | 'status',
      value: number,
    ) {
      await requirePlace(scope, 'building', buildingId);
      const updated = await db.transaction((tx) =>
        repository.setForBuilding(tx, scope, buildingId, field, value, now()),
      );
      return { updated };
    },
    async setExcluded(scope: Scope, id: number, excluded: boolean) {
      const sensor = await requireSensor(scope, id);
      requireManaged(scope, sensor);
      await db.transaction((tx) =>
        setSensor(
          tx,
          scope,
          sensor,
          { notificationExcluded: excluded },
          'notification-excluded',
          sensor.notification_excluded,
          excluded,
        ),
      );
      return reread(id);
    },
    async setExcludedByMac(scope: Scope, mac: string, excluded: boolean) {
      const sensor = await requireByMac(scope, mac);
      return this.setExcluded(scope, sensor.id, excluded);
    },
    async reportIssue(scope: Scope, target: { sensor_id?: number; mac?: string }, issue: string) {
      const sensor =
        target.sensor_id !== undefined
          ? await requireSensor(scope, target.sensor_id)
          : await requireByMac(scope, target.mac ?? '');
      await db.transaction((tx) =>
        setSensor(
          tx,
          scope,
          sensor,
          { issue, issueReportedAt: now(), issueReportedBy: scope.userId },
          'issue-reported',
          sensor.issue,
          issue,
        ),
      );
      return this.getIssue(scope, sensor.id);
    },
    async getIssue(scope: Scope, id: number) {
      await requireSensor(scope, id);
      const row = await repository.issueOf(id);
      if (!row) throw new NotFound(m.notFound);
      return {
        ...row,
        reported_at: row.reported_at === null ? null : new Date(row.reported_at).toISOString(),
      };
    },

    // ── Office assignment: sensors set aside for a building before installation ──
    async officeAssign(scope: Scope, buildingId: number, macs: readonly string[]) {
      await requirePlace(scope, 'building', buildingId);
      await requireAssignmentAllowed(scope);
      const building = await repository.buildingCompany(buildingId);
      if (!building) throw new NotFound(placeNotFound('building'));
      const problems: string[] = [];
      const found: SensorRecord[] = [];
      for (const raw of new Set(macs)) {
        const record = await findByMac(scope, raw);
        if (!record) problems.push(`${raw}: ${m.notFound}`);
        else if (record.company_id !== null) problems.push(`${raw}: ${m.alreadyAssigned}`);
        else if (record.sensor_state_id === SensorState.Defective)
          problems.push(`${raw}: ${m.defective}`);
        else if (record.office_assignment) {
          problems.push(
            `${raw}: already set aside for ${
              typeof record.office_assignment === 'string'
                ? 'a building'
                : record.office_assignment.building_name
            }`,
          );
        } else found.push(record);
      }
      if (problems.length > 0) throw new Invalid(problems);
      await db.transaction(async (tx) => {
        for (const sensor of found) {
          await repository.insertOfficeAssignment(tx, {
            companyId: building.companyId,
            buildingId,
            sensorId: sensor.id,
            createdBy: scope.userId,
          });
          await setSensor(
            tx,
            scope,
            sensor,
            { sensorStateId: SensorState.OfficeAssigned },
            'office-assigned',
            sensor.sensor_state_id,
            { building_id: buildingId },
          );
        }
      });
      return { created: found.length };
    },
    async officeAssignmentOf(scope: Scope, sensorId: number) {
      const sensor = await requireSensor(scope, sensorId);
      const assignment = shape(scope, sensor).office_assignment;
      if (!assignment) throw new NotFound('This micrometer has no pending office assignment');
      await requirePlace(scope, 'building', assignment.building_id);
      return { ...assignment, sensor_id: sensor.id, mac_address: sensor.mac_address };
    },
    async officeAssignmentsOfBuilding(scope: Scope, buildingId: number) {
      await requirePlace(scope, 'building', buildingId);
      const rows = await repository.pendingOfficeAssignments(buildingId);
      return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
    },
    /** Cancels pending office assignments of a building (all, or the listed sensors). */
    async cancelOfficeAssignments(scope: Scope, buildingId: number, sensorIds?: readonly number[]) {
      await requirePlace(scope, 'building', buildingId);
      await requireAssignmentAllowed(scope);
      const cancelled = await db.transaction((tx) =>
        repository.cancelOfficeAssignments(tx, scope, buildingId, sensorIds, now()),
      );
      return { cancelled };
    },

    // ── Configuration ──
    async configure(scope: Scope, id: number, params: ConfigParams) {
      const sensor = await requireSensor(scope, id);
      requireManaged(scope, sensor);
      await db.transaction(async (tx) => {
        const config = { ...(sensor.config ?? {}), ...params };
        await setSensor(tx, scope, sensor, { config }, 'config', sensor.config, config);
        await downlinks.enqueue(tx, scope, [sensor], params);
      });
      downlinks.wake();
      return reread(id);
    },
    async downlinkForMac(scope: Scope, mac: string, params: ConfigParams) {
      const sensor = await requireByMac(scope, mac);
      requireManaged(scope, sensor);
      const [queued] = await db.transaction((tx) => downlinks.enqueue(tx, scope, [sensor], params));
      downlinks.wake();
      if (!queued) throw new NotFound(m.notFound);
      return queued;
    },
    async downlinkForBuilding(scope: Scope, buildingId: number, params: ConfigParams) {
      await requirePlace(scope, 'building', buildingId);
      const query = sensorList.toQuery({ page: 1, limit: 500 });
      const targets: SensorRecord[] = [];
      for (let page = 1; ; page += 1) {
        const { rows } = await repository.page(
          scope,
          { ...query, page, offset: (page - 1) * query.limit },
          { place: { level: 'building', id: buildingId } },
        );
        targets.push(...rows);
        if (rows.length < query.limit) break;
      }
      if (targets.length === 0) throw new Conflict(m.noSensorsInBuilding);
      const queued = await db.transaction((tx) => downlinks.enqueue(tx, scope, targets, params));
      downlinks.wake();
      return { queued: queued.length, downlinks: queued };
    },
  };
}
export type SensorsService = ReturnType<typeof createSensorsService>;

/** Where a stock micrometer is set aside, from its pending office assignment. */
function reservationOf(micrometer: Micrometer): Reservation | null {
  const assignment = micrometer.office_assignment;
  return assignment
    ? {
        companyId: assignment.company_id,
        propertyId: assignment.property_id,
        buildingId: assignment.building_id,
      }
    : null;
}
