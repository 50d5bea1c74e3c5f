// Micrometer reads: one row shape (the sensor with its place's names, its pending office
// assignment and its latest bench test), the paged lists, lookups by id and MAC, and the scope rule
// for sensors. Assigned sensors are the company's. Lookups by id and MAC also answer stock (no
// company) for the service to judge with `stockInScope` (who may see which stock, and how, is the
// access table's `stockFinders`); lists never show stock outside the system roles.
import { and, asc, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { sensors } from '../../db/schema/fleet.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import { submissions } from '../../db/schema/readings.ts';
import { defineList, type ListQuery } from '../../lib/list-query.ts';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';
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
    mac_address: sensors.macAddress,
    sensor_state_id: sensors.sensorStateId,
    sensor_status_id: sensors.sensorStatusId,
    battery: sensors.battery,
    last_keepalive: sensors.lastKeepalive,
    last_submission: sensors.lastSubmission,
    install_date: sensors.installDate,
    created_at: sensors.createdAt,
    appliance_type_id: sensors.applianceTypeId,
    company_name: companies.name,
    building_name: buildings.name,
    unit_name: units.name,
  },
  filterable: {
    mac_address: { column: sensors.macAddress, type: 'string' },
    sensor_state_id: { column: sensors.sensorStateId, type: 'number' },
    sensor_status_id: { column: sensors.sensorStatusId, type: 'number' },
    appliance_type_id: { column: sensors.applianceTypeId, type: 'number' },
    room_type_id: { column: sensors.roomTypeId, type: 'number' },
    water_type_id: { column: sensors.waterTypeId, type: 'number' },
    unit_category_id: { column: units.unitCategoryId, type: 'number' },
    company_id: { column: sensors.companyId, type: 'number' },
    property_id: { column: sensors.propertyId, type: 'number' },
    building_id: { column: sensors.buildingId, type: 'number' },
    unit_id: { column: sensors.unitId, type: 'number' },
    notification_excluded: { column: sensors.notificationExcluded, type: 'boolean' },
    battery: { column: sensors.battery, type: 'number' },
    last_keepalive: { column: sensors.lastKeepalive, type: 'date' },
    last_submission: { column: sensors.lastSubmission, type: 'date' },
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
  company_id: sensors.companyId,
  property_id: sensors.propertyId,
  building_id: sensors.buildingId,
  unit_id: sensors.unitId,
  appliance_type_id: sensors.applianceTypeId,
  room_type_id: sensors.roomTypeId,
  water_type_id: sensors.waterTypeId,
  company_name: companies.name,
  property_name: properties.name,
  building_name: buildings.name,
  unit_name: units.name,
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
export type SensorRecord = {
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
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  appliance_type_id: number | null;
  room_type_id: number | null;
  water_type_id: number | null;
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

export function createSensorsRepository(db: Database) {
  const from = <S extends Record<string, unknown>>(selection: S) =>
    db
      .select(selection as never)
      .from(sensors)
      .leftJoin(companies, eq(companies.id, sensors.companyId))
      .leftJoin(properties, eq(properties.id, sensors.propertyId))
      .leftJoin(buildings, eq(buildings.id, sensors.buildingId))
      .leftJoin(units, eq(units.id, sensors.unitId));

  async function one(condition: SQL | undefined): Promise<SensorRecord | undefined> {
    const [row] = (await from(columns).where(condition).limit(1)) as unknown as SensorRecord[];
    return row;
  }

  return {
    async page(scope: Scope, query: ListQuery, where?: SQL) {
      const condition = and(visibleSensors(scope, { stock: false }), query.where, where);
      const [rows, [total]] = await Promise.all([
        from(columns)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<SensorRecord[]>,
        from({ total: count() }).where(condition) as unknown as Promise<{ total: number }[]>,
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    /** Every sensor only system roles list (`/sensors`, assigned, unassigned): no scope narrowing. */
    async count(scope: Scope, where: SQL) {
      const [row] = (await from({ total: count() }).where(
        and(visibleSensors(scope, { stock: false }), where),
      )) as unknown as { total: number }[];
      return row?.total ?? 0;
    },
    byId: (scope: Scope, id: number) =>
      one(and(eq(sensors.id, id), visibleSensors(scope, { stock: true }))),
    byMac: (scope: Scope, mac: string) =>
      one(and(eq(sensors.macAddress, mac), visibleSensors(scope, { stock: true }))),
    /** Keyset chunk of the export (every sensor the scope may list). */
    async chunk(scope: Scope, afterId: number, limit: number) {
      return (await from(columns)
        .where(and(visibleSensors(scope, { stock: false }), gt(sensors.id, afterId)))
        .orderBy(asc(sensors.id))
        .limit(limit)) as unknown as SensorRecord[];
    },
    async searchTop(scope: Scope, text: string, limit: number) {
      const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return (await from(columns)
        .where(
          and(visibleSensors(scope, { stock: false }), sql`${sensors.macAddress} ilike ${pattern}`),
        )
        .orderBy(sql`position(upper(${text}) in ${sensors.macAddress})`, asc(sensors.macAddress))
        .limit(limit)) as unknown as SensorRecord[];
    },
    /**
     * The sensor's newest readings by its MAC: bench (stock) readings and those taken while it was
     * in the caller's scope — never another tenant's history of a sensor that changed hands.
     */
    async recentSubmissions(scope: Scope, mac: string, limit: number) {
      const own = scopeCondition(scope, {
        companyId: submissions.companyId,
        propertyId: submissions.propertyId,
        buildingId: submissions.buildingId,
        unitId: submissions.unitId,
      });
      return (await db
        .select(submissionColumns)
        .from(submissions)
        .leftJoin(buildings, eq(buildings.id, submissions.buildingId))
        .leftJoin(units, eq(units.id, submissions.unitId))
        .where(and(eq(submissions.macAddress, mac), own && or(isNull(submissions.companyId), own)))
        .orderBy(desc(submissions.measuredAt), desc(submissions.seq))
        .limit(limit)) as unknown as SubmissionRecord[];
    },
  };
}
export type SensorsRepository = ReturnType<typeof createSensorsRepository>;
