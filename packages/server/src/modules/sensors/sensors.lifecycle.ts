// Micrometer lifecycle writes (spec section 7, Sensors): install on a fixture, move, uninstall,
// state and status (one sensor or a whole building), notification exclusion, reported issues,
// office assignments (sensors set aside for a building before installation) and deleting stock.
// Every write is one transaction that records an event with who and when.
import { RoleType, SensorState } from '@flowsight/domain/lookups';
import {
  type AssignAction,
  micrometerMessages as m,
  type Placement,
} from '@flowsight/domain/micrometers';
import { placeNotFound } from '@flowsight/domain/portfolio';
import { isSupplyMeter } from '@flowsight/domain/water-accounting';
import type { Database, Executor } from '../../db/client.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import { requireManaged, type SensorLookups } from './sensors.lookups.ts';
import type { SensorReads } from './sensors.reads.ts';
import type { SensorRecord, SensorsRepository, SensorValues } from './sensors.repository.ts';

/** The columns of a sensor's place, as its event records them. */
const placementOf = (r: SensorRecord) => ({
  company_id: r.company_id,
  property_id: r.property_id,
  building_id: r.building_id,
  unit_id: r.unit_id,
  appliance_type_id: r.appliance_type_id,
  room_type_id: r.room_type_id,
  water_type_id: r.water_type_id,
});

/** A sensor back on the shelf: no place, no fixture, uninstalled. */
const unplaced: SensorValues = {
  companyId: null,
  propertyId: null,
  buildingId: null,
  unitId: null,
  applianceTypeId: null,
  roomTypeId: null,
  waterTypeId: null,
  sensorStateId: SensorState.Uninstalled,
  installedAt: null,
};

/** A sensor fitted on a fixture at `at` (its silence counts from then until it is first heard). */
const placed = (placement: Placement, at: Date): SensorValues => ({
  companyId: placement.company_id,
  propertyId: placement.property_id,
  buildingId: placement.building_id,
  unitId: placement.unit_id,
  applianceTypeId: placement.appliance_type_id,
  roomTypeId: placement.room_type_id ?? null,
  waterTypeId: placement.water_type_id ?? null,
  sensorStateId: SensorState.Installed,
  installedAt: at,
});

/** A new state, with the installation time it starts (installed) or ends (any other). */
const stateChange = (from: number, to: number, at: Date): SensorValues => {
  if (from === to) return { sensorStateId: to };
  return { sensorStateId: to, installedAt: to === SensorState.Installed ? at : null };
};

/** Whether a write failed on a unique index (the fixture slot's, for two people at once). */
function isUniqueViolation(error: unknown) {
  if ((error as { code?: string }).code === '23505') return true;
  return (error as { cause?: { code?: string } }).cause?.code === '23505';
}

/** Why a stock sensor cannot be set aside, or undefined when it can. */
function officeAssignProblem(record: SensorRecord | undefined) {
  if (!record) return m.notFound;
  if (record.company_id !== null) return m.alreadyAssigned;
  if (record.sensor_state_id === SensorState.Defective) return m.defective;
  if (record.office_assignment) {
    return `already set aside for ${
      typeof record.office_assignment === 'string'
        ? 'a building'
        : record.office_assignment.building_name
    }`;
  }
  return undefined;
}

type Dependencies = {
  db: Database;
  repository: SensorsRepository;
  lookups: SensorLookups;
  /** The issue as the reads answer it, after a report. */
  reads: Pick<SensorReads, 'getIssue'>;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  now: () => Date;
};

export function createSensorLifecycle({
  db,
  repository,
  lookups,
  reads,
  portfolio,
  now,
}: Dependencies) {
  const { findByMac, requireSensor, requireByMac, reread } = lookups;
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
  ) => repository.update(scope, before, values, { action, from, to }, now(), tx);

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
    // Water accounting adds a building's main lines: one pipe measured twice would double.
    if (
      isSupplyMeter(placement.appliance_type_id) &&
      (await repository.hasFlumeMeter(placement.building_id))
    ) {
      throw new Conflict(m.flumeMainLine);
    }
  }

  /** Takes the sensor off its fixture and back to stock. */
  async function uninstall(scope: Scope, sensor: SensorRecord) {
    await db.transaction(async (tx) => {
      await setSensor(tx, scope, sensor, unplaced, 'unassigned', placementOf(sensor), null);
      // Its threshold was that company's; a sensor back on the shelf has none.
      await repository.dropThreshold(sensor.id, tx);
    });
  }

  /** Puts the sensor on a fixture (first time or moved), with its threshold and reservation. */
  async function install(
    scope: Scope,
    sensor: SensorRecord,
    action: 'assign' | 'reassign',
    placement: Placement,
  ) {
    await checkPlacement(scope, sensor.id, placement);
    try {
      await db.transaction(async (tx) => {
        await setSensor(
          tx,
          scope,
          sensor,
          placed(placement, now()),
          action === 'assign' ? 'assigned' : 'reassigned',
          placementOf(sensor),
          placement,
        );
        // A gallon threshold belongs to the company the sensor serves.
        await repository.moveThreshold(sensor.id, placement.company_id, now(), tx);
        await repository.installOfficeAssignment(sensor.id, placement.unit_id, now(), tx);
      });
    } catch (error) {
      // Two people filling the same slot at once: the unique fixture-slot index decides.
      if (isUniqueViolation(error)) throw new Conflict(m.slotTaken);
      throw error;
    }
  }

  async function setExcluded(scope: Scope, id: number, excluded: boolean) {
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
  }

  /** Changes a managed sensor's state or status, recorded as an event from the old value. */
  async function setLookup(scope: Scope, id: number, field: 'state' | 'status', value: number) {
    const sensor = await requireSensor(scope, id);
    requireManaged(scope, sensor);
    const [change, from] =
      field === 'state'
        ? [stateChange(sensor.sensor_state_id, value, now()), sensor.sensor_state_id]
        : [{ sensorStatusId: value }, sensor.sensor_status_id];
    await db.transaction((tx) => setSensor(tx, scope, sensor, change, field, from, value));
    return reread(id);
  }

  return {
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
      await db.transaction((tx) => repository.remove(scope, id, sensor.mac_address, tx));
    },

    async assign(scope: Scope, rawMac: string, action: AssignAction, placement?: Placement) {
      const sensor = await requireByMac(scope, rawMac);
      await requireAssignmentAllowed(scope);
      if (action === 'assign' && sensor.company_id !== null) throw new Conflict(m.alreadyAssigned);
      if (action !== 'assign' && sensor.company_id === null) throw new Conflict(m.notAssigned);
      if (action !== 'unassign' && sensor.sensor_state_id === SensorState.Defective) {
        throw new Conflict(m.defective);
      }
      if (action === 'unassign') {
        await uninstall(scope, sensor);
      } else {
        if (!placement) throw new Invalid(m.placementRequired);
        await install(scope, sensor, action, placement);
      }
      return reread(sensor.id);
    },

    setState: (scope: Scope, id: number, stateId: number) => setLookup(scope, id, 'state', stateId),
    setStatus: (scope: Scope, id: number, statusId: number) =>
      setLookup(scope, id, 'status', statusId),
    /** State or status of every sensor of a building, in one transaction. */
    async setForBuilding(
      scope: Scope,
      buildingId: number,
      field: 'state' | 'status',
      value: number,
    ) {
      await requirePlace(scope, 'building', buildingId);
      const updated = await db.transaction((tx) =>
        repository.setForBuilding(scope, buildingId, field, value, now(), tx),
      );
      return { updated };
    },
    setExcluded,
    async setExcludedByMac(scope: Scope, mac: string, excluded: boolean) {
      const sensor = await requireByMac(scope, mac);
      return setExcluded(scope, sensor.id, excluded);
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
      return reads.getIssue(scope, sensor.id);
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
        const problem = officeAssignProblem(record);
        if (problem !== undefined) problems.push(`${raw}: ${problem}`);
        else if (record) found.push(record);
      }
      if (problems.length > 0) throw new Invalid(problems);
      await db.transaction(async (tx) => {
        for (const sensor of found) {
          await repository.insertOfficeAssignment(
            {
              companyId: building.companyId,
              buildingId,
              sensorId: sensor.id,
              createdBy: scope.userId,
            },
            tx,
          );
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
    /** Cancels pending office assignments of a building (all, or the listed sensors). */
    async cancelOfficeAssignments(scope: Scope, buildingId: number, sensorIds?: readonly number[]) {
      await requirePlace(scope, 'building', buildingId);
      await requireAssignmentAllowed(scope);
      const cancelled = await db.transaction((tx) =>
        repository.cancelOfficeAssignments(scope, buildingId, sensorIds, now(), tx),
      );
      return { cancelled };
    },
  };
}
export type SensorLifecycle = ReturnType<typeof createSensorLifecycle>;
