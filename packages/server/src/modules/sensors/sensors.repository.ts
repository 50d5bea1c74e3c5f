// Micrometer reads: one row shape (the sensor with its place's names, its pending office
// assignment and its latest bench test), the paged lists, lookups by id and MAC, and the scope rule
// for sensors. Assigned sensors are the company's. Lookups by id and MAC also answer stock (no
// company) for the service to judge with `stockInScope` (who may see which stock, and how, is the
// access table's `stockFinders`); lists never show stock outside the system roles.
import { SensorState } from '@flowsight/domain/lookups';
import type { StoredPlacement } from '@flowsight/domain/micrometers';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Database, type Executor, rowsOf } from '../../db/client.ts';
import {
  placeIdFilters,
  placeIds,
  placeNames,
  placeScope,
} from '../../db/queries/place-columns.ts';
import { inPlace } from '../../db/queries/places.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { officeAssignments, sensorGallonThresholds, sensors } from '../../db/schema/fleet.ts';
import { externalFlowDevices } from '../../db/schema/operations.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import { submissions } from '../../db/schema/readings.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';
import { withDatabase } from '../../lib/with-database.ts';
import { type SubmissionRecord, submissionColumns } from '../submissions/submissions.repository.ts';

const hierarchy = {
  companyId: sensors.companyId,
  propertyId: sensors.propertyId,
  buildingId: sensors.buildingId,
  unitId: sensors.unitId,
};

/**
 * Sensors the scope may see: its tenant's assigned sensors, plus every stock sensor when `stock` is
 * set (single lookups, whose answer the service then narrows with `stockInScope`).
 */
export function visibleSensors(scope: Scope, options: { stock: boolean }): SQL | undefined {
  if (seesEverything(scope)) return undefined;
  const assigned = scopeCondition(scope, hierarchy) ?? sql`true`;
  return options.stock ? or(isNull(sensors.companyId), assigned) : assigned;
}

export const sensorList = defineList({
  sortable: {
    ...sortColumns(sensors, [
      'macAddress',
      'sensorStateId',
      'sensorStatusId',
      'battery',
      'lastKeepalive',
      'lastSubmission',
      'installDate',
      'createdAt',
      'applianceTypeId',
    ]),
    company_name: companies.name,
    building_name: buildings.name,
    unit_name: units.name,
  },
  filterable: {
    ...filterColumns(sensors, [
      'macAddress',
      'sensorStateId',
      'sensorStatusId',
      'applianceTypeId',
      'roomTypeId',
      'waterTypeId',
    ]),
    unit_category_id: { column: units.unitCategoryId, type: 'number' },
    ...placeIdFilters(sensors),
    ...filterColumns(sensors, [
      'notificationExcluded',
      'battery',
      'lastKeepalive',
      'lastSubmission',
    ]),
  },
  searchable: [sensors.macAddress, units.name, buildings.name, properties.name, companies.name],
  defaultSort: [{ field: 'mac_address', direction: 'ASC' }],
  tieBreaker: sensors.id,
});

const columns = {
  id: sensors.id,
  mac_address: sensors.macAddress,
  sensor_state_id: sensors.sensorStateId,
  sensor_status_id: sensors.sensorStatusId,
  battery: sensors.battery,
  firmware_version: sensors.firmwareVersion,
  size_inch: sql<number | null>`${sensors.sizeInch}::float8`,
  install_date: sensors.installDate,
  last_keepalive: sensors.lastKeepalive,
  last_submission: sensors.lastSubmission,
  report_interval_s: sensors.reportIntervalS,
  keepalive_interval_s: sensors.keepaliveIntervalS,
  ...placeIds(sensors),
  appliance_type_id: sensors.applianceTypeId,
  room_type_id: sensors.roomTypeId,
  water_type_id: sensors.waterTypeId,
  ...placeNames,
  unit_category_id: units.unitCategoryId,
  notification_excluded: sensors.notificationExcluded,
  config: sensors.config,
  issue: sensors.issue,
  office_assignment: sql<OfficeAssignmentJson | null>`(
    select json_build_object('id', oa.id, 'building_id', oa.building_id, 'building_name', ob.name,
      'property_id', ob.property_id, 'company_id', oa.company_id, 'status', oa.status)
    from office_assignments oa join buildings ob on ob.id = oa.building_id
    where oa.sensor_id = ${sensors.id} and oa.status = 'pending' order by oa.id desc limit 1)`,
  last_test: sql<LastTestJson | null>`(
    select json_build_object('passed', st.passed, 'notes', st.notes, 'tested_at', st.tested_at)
    from sensor_tests st where st.sensor_id = ${sensors.id} and st.cleared_at is null
    order by st.tested_at desc, st.id desc limit 1)`,
  created_at: sensors.createdAt,
  updated_at: sensors.updatedAt,
};

type OfficeAssignmentJson = {
  id: number;
  building_id: number;
  building_name: string;
  property_id: number;
  company_id: number;
  status: string;
};
type LastTestJson = { passed: boolean; notes: string | null; tested_at: string };
type Stamp = Date | string | null;
export type SensorRecord = StoredPlacement & {
  id: number;
  mac_address: string;
  sensor_state_id: number;
  sensor_status_id: number;
  battery: number | null;
  firmware_version: string | null;
  size_inch: number | null;
  install_date: Stamp;
  last_keepalive: Stamp;
  last_submission: Stamp;
  report_interval_s: number;
  keepalive_interval_s: number;
  company_name: string | null;
  property_name: string | null;
  building_name: string | null;
  unit_name: string | null;
  unit_category_id: number | null;
  notification_excluded: boolean;
  config: Record<string, number> | null;
  issue: string | null;
  office_assignment: OfficeAssignmentJson | string | null;
  last_test: LastTestJson | string | null;
  created_at: Stamp;
  updated_at: Stamp;
};

/** The fleet-wide lists and what each adds to the filters. */
const fleetLists = {
  all: undefined,
  assigned: isNotNull(sensors.companyId),
  unassigned: isNull(sensors.companyId),
} as const;
export type FleetList = keyof typeof fleetLists;

/** Which sensors a list is about, besides the caller's scope and the list's own filters. */
export type SensorSelection = {
  readonly fleet?: FleetList;
  /** Sensors in the place (the place itself or anything under it). */
  readonly place?: { readonly level: PortfolioLevel; readonly id: number };
};
const selected = (selection: SensorSelection = {}) =>
  and(
    selection.fleet === undefined ? undefined : fleetLists[selection.fleet],
    selection.place && inPlace(sensors, selection.place.level, selection.place.id),
  );

/** Columns a lifecycle write may set on a sensor. */
export type SensorValues = Partial<typeof sensors.$inferInsert>;

/** What a write on a sensor records in the event log. */
export type SensorChange = { action: string; from: unknown; to: unknown };

function from<S extends Record<string, unknown>>(db: Database, selection: S, tx?: Executor) {
  return (tx ?? db)
    .select(selection as never)
    .from(sensors)
    .leftJoin(companies, eq(companies.id, sensors.companyId))
    .leftJoin(properties, eq(properties.id, sensors.propertyId))
    .leftJoin(buildings, eq(buildings.id, sensors.buildingId))
    .leftJoin(units, eq(units.id, sensors.unitId));
}

async function one(
  db: Database,
  condition: SQL | undefined,
  tx?: Executor,
): Promise<SensorRecord | undefined> {
  const [row] = (await from(db, columns, tx)
    .where(condition)
    .limit(1)) as unknown as SensorRecord[];
  return row;
}

async function page(
  db: Database,
  scope: Scope,
  query: ListQuery,
  selection?: SensorSelection,
  tx?: Executor,
) {
  const condition = and(visibleSensors(scope, { stock: false }), query.where, selected(selection));
  const [rows, [total]] = await Promise.all([
    from(db, columns, tx)
      .where(condition)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset) as unknown as Promise<SensorRecord[]>,
    from(db, { total: count() }, tx).where(condition) as unknown as Promise<{ total: number }[]>,
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Every sensor only system roles list (`/sensors`, assigned, unassigned): no scope narrowing. */
async function countSensors(db: Database, scope: Scope, selection: SensorSelection, tx?: Executor) {
  const [row] = (await from(db, { total: count() }, tx).where(
    and(visibleSensors(scope, { stock: false }), selected(selection)),
  )) as unknown as { total: number }[];
  return row?.total ?? 0;
}

function byId(db: Database, scope: Scope, id: number, tx?: Executor) {
  return one(db, and(eq(sensors.id, id), visibleSensors(scope, { stock: true })), tx);
}

function byMac(db: Database, scope: Scope, mac: string, tx?: Executor) {
  return one(db, and(eq(sensors.macAddress, mac), visibleSensors(scope, { stock: true })), tx);
}

/** Keyset chunk of the export (every sensor the scope may list). */
async function chunk(db: Database, scope: Scope, afterId: number, limit: number, tx?: Executor) {
  return (await from(db, columns, tx)
    .where(and(visibleSensors(scope, { stock: false }), gt(sensors.id, afterId)))
    .orderBy(asc(sensors.id))
    .limit(limit)) as unknown as SensorRecord[];
}

async function searchTop(db: Database, scope: Scope, text: string, limit: number, tx?: Executor) {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (await from(db, columns, tx)
    .where(
      and(visibleSensors(scope, { stock: false }), sql`${sensors.macAddress} ilike ${pattern}`),
    )
    .orderBy(sql`position(upper(${text}) in ${sensors.macAddress})`, asc(sensors.macAddress))
    .limit(limit)) as unknown as SensorRecord[];
}

/**
 * The sensor's newest readings by its MAC: bench (stock) readings and those taken while it was
 * in the caller's scope — never another tenant's history of a sensor that changed hands.
 */
async function recentSubmissions(
  db: Database,
  scope: Scope,
  mac: string,
  limit: number,
  tx?: Executor,
) {
  const own = placeScope(scope, submissions);
  return (await (tx ?? db)
    .select(submissionColumns)
    .from(submissions)
    .leftJoin(buildings, eq(buildings.id, submissions.buildingId))
    .leftJoin(units, eq(units.id, submissions.unitId))
    .where(and(eq(submissions.macAddress, mac), own && or(isNull(submissions.companyId), own)))
    .orderBy(desc(submissions.measuredAt), desc(submissions.seq))
    .limit(limit)) as unknown as SubmissionRecord[];
}

/**
 * The frame counters of micrometers' v2 usage reports since `since`, in one aggregate query:
 * per MAC the reports received and only the steps between consecutive ones (by receive time,
 * `lag`) that are not "+1" — what the uplink loss rule (domain uplink-loss.ts) needs. Scoped
 * like the readings: bench readings and those taken in the caller's scope.
 */
async function counterSteps(
  db: Database,
  scope: Scope,
  macs: readonly string[],
  since: Date,
  modulus: number,
  tx?: Executor,
) {
  if (macs.length === 0) return [];
  const own = placeScope(scope, submissions);
  return rowsOf<{
    mac_address: string;
    frames: number;
    steps: { from: number; to: number; elapsedS: number; intervalS: number | null }[];
  }>(
    tx ?? db,
    sql`
        with frames as (
          select mac_address, seq, interval_s,
                 lag(seq) over w as prev_seq,
                 extract(epoch from measured_at - lag(measured_at) over w)::float8 as elapsed_s
          from submissions
          where ${inArray(submissions.macAddress, [...macs])} and kind = 'usage'
            and measured_at >= ${since.toISOString()}::timestamptz
            ${own ? sql`and (company_id is null or ${own})` : sql``}
          window w as (partition by mac_address order by measured_at, seq)
        )
        select mac_address, count(*)::int as frames,
               coalesce(json_agg(json_build_object('from', prev_seq, 'to', seq,
                   'elapsedS', elapsed_s, 'intervalS', interval_s))
                 filter (where prev_seq is not null and seq <> (prev_seq + 1) % ${modulus}),
                 '[]'::json) as steps
        from frames group by mac_address`,
  );
}

// ── Checks of the lifecycle writes ──
/** Whether the company lets its admins assign micrometers (undefined: no such company). */
async function allowsAssignment(db: Database, companyId: number, tx?: Executor) {
  const [company] = await (tx ?? db)
    .select({ allow: companies.allowAssignment })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.allow;
}

/** A unit's hierarchy ids with those of the building asked for (undefined: no such unit). */
async function placementFacts(db: Database, unitId: number, buildingId: number, tx?: Executor) {
  const [unit] = await (tx ?? db)
    .select({
      companyId: units.companyId,
      propertyId: units.propertyId,
      buildingId: units.buildingId,
      buildingPropertyId: buildings.propertyId,
      buildingCompanyId: buildings.companyId,
    })
    .from(units)
    .innerJoin(buildings, eq(buildings.id, buildingId))
    .where(eq(units.id, unitId));
  return unit;
}

/** Another sensor already on the unit's fixture slot, if any. */
async function slotHolder(
  db: Database,
  unitId: number,
  applianceTypeId: number,
  exceptSensorId: number,
  tx?: Executor,
) {
  const [taken] = await (tx ?? db)
    .select({ id: sensors.id, mac: sensors.macAddress })
    .from(sensors)
    .where(
      and(
        eq(sensors.unitId, unitId),
        eq(sensors.applianceTypeId, applianceTypeId),
        sql`${sensors.id} <> ${exceptSensorId}`,
      ),
    );
  return taken;
}

/** Whether a Flume meter is linked to the building (it measures its main line). */
async function hasFlumeMeter(db: Database, buildingId: number, tx?: Executor) {
  const [row] = await (tx ?? db)
    .select({ id: externalFlowDevices.id })
    .from(externalFlowDevices)
    .where(eq(externalFlowDevices.buildingId, buildingId));
  return row !== undefined;
}

/** Whether any reading carries the MAC address. */
async function hasReadings(db: Database, mac: string, tx?: Executor) {
  const [row] = await rowsOf<{ heard: boolean }>(
    tx ?? db,
    sql`select exists (select 1 from submissions where mac_address = ${mac}) as heard`,
  );
  return row?.heard === true;
}

/** The company of a building (undefined: no such building). */
async function buildingCompany(db: Database, buildingId: number, tx?: Executor) {
  const [building] = await (tx ?? db)
    .select({ companyId: buildings.companyId })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return building;
}

/** The issue last reported on a sensor, with who reported it. */
async function issueOf(db: Database, id: number, tx?: Executor) {
  const [row] = await rowsOf<{
    sensor_id: number;
    issue: string | null;
    reported_at: Date | string | null;
    reported_by: string | null;
  }>(
    tx ?? db,
    sql`
        select s.id as sensor_id, s.issue, s.issue_reported_at as reported_at,
               nullif(trim(concat(u.first_name, ' ', u.last_name)), '') as reported_by
        from sensors s left join users u on u.id = s.issue_reported_by where s.id = ${id}`,
  );
  return row;
}

/** The pending office assignments of a building, by MAC address. */
function pendingOfficeAssignments(db: Database, buildingId: number, tx?: Executor) {
  return rowsOf<{
    id: number;
    sensor_id: number;
    mac_address: string;
    status: string;
    created_at: Date | string;
  }>(
    tx ?? db,
    sql`
        select oa.id, oa.sensor_id, s.mac_address, oa.status, oa.created_at
        from office_assignments oa join sensors s on s.id = oa.sensor_id
        where oa.building_id = ${buildingId} and oa.status = 'pending' order by s.mac_address`,
  );
}

// ── Lifecycle writes, each with its event (in the caller's transaction when given) ──
/** Sets columns of a sensor and records the change. */
async function update(
  db: Database,
  scope: Scope,
  before: { id: number; company_id: number | null },
  values: SensorValues,
  change: SensorChange,
  at: Date,
  tx?: Executor,
) {
  const ex = tx ?? db;
  await ex
    .update(sensors)
    .set({ ...values, updatedAt: at })
    .where(eq(sensors.id, before.id));
  await recordEvent(ex, scope, {
    companyId: (values.companyId === undefined ? before.company_id : values.companyId) ?? null,
    entityType: 'sensor',
    entityId: before.id,
    ...change,
  });
}

/** Deletes a sensor of stock and records it. */
async function remove(db: Database, scope: Scope, id: number, mac: string, tx?: Executor) {
  const ex = tx ?? db;
  await ex.delete(sensors).where(eq(sensors.id, id));
  await recordEvent(ex, scope, {
    companyId: null,
    entityType: 'sensor',
    entityId: id,
    action: 'deleted',
    from: { mac_address: mac },
  });
}

/** Removes the sensor's gallon threshold (it was its former company's). */
async function dropThreshold(db: Database, sensorId: number, tx?: Executor) {
  await (tx ?? db)
    .delete(sensorGallonThresholds)
    .where(eq(sensorGallonThresholds.sensorId, sensorId));
}

/** Moves the sensor's gallon threshold to the company it now serves. */
async function moveThreshold(
  db: Database,
  sensorId: number,
  companyId: number,
  at: Date,
  tx?: Executor,
) {
  await (tx ?? db)
    .update(sensorGallonThresholds)
    .set({ companyId, updatedAt: at })
    .where(eq(sensorGallonThresholds.sensorId, sensorId));
}

/** Marks the sensor's pending office assignment installed in the unit. */
async function installOfficeAssignment(
  db: Database,
  sensorId: number,
  unitId: number,
  at: Date,
  tx?: Executor,
) {
  await (tx ?? db)
    .update(officeAssignments)
    .set({ status: 'installed', unitId, updatedAt: at })
    .where(and(eq(officeAssignments.sensorId, sensorId), eq(officeAssignments.status, 'pending')));
}

/** Sets state or status on every sensor of a building that differs; answers how many. */
async function setForBuilding(
  db: Database,
  scope: Scope,
  buildingId: number,
  field: 'state' | 'status',
  value: number,
  at: Date,
  tx?: Executor,
) {
  const ex = tx ?? db;
  const column = field === 'state' ? sensors.sensorStateId : sensors.sensorStatusId;
  const changed = await ex
    .update(sensors)
    .set(
      field === 'state'
        ? {
            sensorStateId: value,
            installedAt: value === SensorState.Installed ? at : null,
            updatedAt: at,
          }
        : { sensorStatusId: value, updatedAt: at },
    )
    .where(and(eq(sensors.buildingId, buildingId), sql`${column} <> ${value}`))
    .returning({ id: sensors.id, companyId: sensors.companyId });
  for (const row of changed) {
    await recordEvent(ex, scope, {
      companyId: row.companyId,
      entityType: 'sensor',
      entityId: row.id,
      action: field,
      to: value,
      note: `building ${buildingId}`,
    });
  }
  return changed.length;
}

/** Sets a sensor aside for a building. */
async function insertOfficeAssignment(
  db: Database,
  assignment: { companyId: number; buildingId: number; sensorId: number; createdBy: number },
  tx?: Executor,
) {
  await (tx ?? db).insert(officeAssignments).values(assignment);
}

/**
 * Cancels pending office assignments of a building (all, or the listed sensors) and puts each
 * sensor back on the shelf; answers how many.
 */
async function cancelOfficeAssignments(
  db: Database,
  scope: Scope,
  buildingId: number,
  sensorIds: readonly number[] | undefined,
  at: Date,
  tx?: Executor,
) {
  const ex = tx ?? db;
  const cancelled = await ex
    .update(officeAssignments)
    .set({ status: 'cancelled', updatedAt: at })
    .where(
      and(
        eq(officeAssignments.buildingId, buildingId),
        eq(officeAssignments.status, 'pending'),
        sensorIds && sensorIds.length > 0
          ? sql`${officeAssignments.sensorId} = any(${`{${sensorIds.join(',')}}`}::int[])`
          : undefined,
      ),
    )
    .returning({
      sensorId: officeAssignments.sensorId,
      companyId: officeAssignments.companyId,
    });
  for (const row of cancelled) {
    // Back to the shelf: "tested" when its latest bench test passed, otherwise in stock.
    await ex.execute(sql`
          update sensors set updated_at = now(), sensor_state_id = case when exists (
            select 1 from sensor_tests t where t.sensor_id = sensors.id and t.cleared_at is null
              and t.passed and t.tested_at = (select max(tested_at) from sensor_tests x
                where x.sensor_id = sensors.id and x.cleared_at is null))
            then ${SensorState.Tested}::smallint else ${SensorState.Stock}::smallint end
          where id = ${row.sensorId} and company_id is null`);
    await recordEvent(ex, scope, {
      companyId: row.companyId,
      entityType: 'sensor',
      entityId: row.sensorId,
      action: 'office-assignment-cancelled',
      from: { building_id: buildingId },
    });
  }
  return cancelled.length;
}

/**
 * Every method runs on the database, or on the caller's transaction when one is given (`tx ?? db`),
 * so a service composes several writes that commit together.
 */
export function createSensorsRepository(db: Database) {
  return withDatabase(db, {
    page,
    count: countSensors,
    byId,
    byMac,
    chunk,
    searchTop,
    recentSubmissions,
    counterSteps,
    allowsAssignment,
    placementFacts,
    slotHolder,
    hasFlumeMeter,
    hasReadings,
    buildingCompany,
    issueOf,
    pendingOfficeAssignments,
    update,
    remove,
    dropThreshold,
    moveThreshold,
    installOfficeAssignment,
    setForBuilding,
    insertOfficeAssignment,
    cancelOfficeAssignments,
  });
}
export type SensorsRepository = ReturnType<typeof createSensorsRepository>;
