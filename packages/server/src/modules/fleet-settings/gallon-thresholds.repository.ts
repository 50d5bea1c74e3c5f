// Per-micrometer gallon thresholds (`sensor_gallon_thresholds`). A threshold is seen through its
// micrometer: the caller's scope applies to the sensor's company, property, building and unit.
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import {
  placeIdFilters,
  placeNames,
  placeScope,
  placeSelection,
} from '../../db/queries/place-columns.ts';
import { sensorGallonThresholds, sensors } from '../../db/schema/fleet.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { GallonThreshold } from './fleet-settings.schemas.ts';

/** `GET /sensors/gallon-thresholds`: sortable, filterable and searchable fields. */
export const gallonThresholdList = defineList({
  sortable: {
    id: sensorGallonThresholds.id,
    mac_address: sensors.macAddress,
    value: sensorGallonThresholds.value,
    ...placeNames,
    updated_at: sensorGallonThresholds.updatedAt,
  },
  filterable: {
    ...filterColumns(sensorGallonThresholds, ['id', 'sensorId']),
    mac_address: { column: sensors.macAddress, type: 'string' },
    value: { column: sensorGallonThresholds.value, type: 'number' },
    ...placeIdFilters(sensors),
  },
  searchable: [sensors.macAddress, companies.name, properties.name, buildings.name, units.name],
  defaultSort: [{ field: 'mac_address', direction: 'ASC' }],
  tieBreaker: sensorGallonThresholds.id,
});

const sensorScope = (scope: Scope) => placeScope(scope, sensors);

const columns = {
  id: sensorGallonThresholds.id,
  sensor_id: sensorGallonThresholds.sensorId,
  mac_address: sensors.macAddress,
  value: sql<number>`${sensorGallonThresholds.value}::float8`,
  ...placeSelection(sensors),
  appliance_type_id: sensors.applianceTypeId,
  created_at: sensorGallonThresholds.createdAt,
  updated_at: sensorGallonThresholds.updatedAt,
};
type Row = Omit<GallonThreshold, 'created_at' | 'updated_at'> & {
  created_at: Date;
  updated_at: Date;
};
const toThreshold = (row: Row): GallonThreshold => ({
  ...row,
  value: Number(row.value),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** The micrometer a new threshold is for, as far as the caller may see it. */
export type ThresholdSensor = { id: number; macAddress: string; companyId: number | null };

export function createGallonThresholdsRepository(db: Database) {
  const from = <S extends Record<string, unknown>>(executor: Executor, selection: S) =>
    executor
      .select(selection as never)
      .from(sensorGallonThresholds)
      .innerJoin(sensors, eq(sensors.id, sensorGallonThresholds.sensorId))
      .leftJoin(companies, eq(companies.id, sensors.companyId))
      .leftJoin(properties, eq(properties.id, sensors.propertyId))
      .leftJoin(buildings, eq(buildings.id, sensors.buildingId))
      .leftJoin(units, eq(units.id, sensors.unitId));

  async function one(executor: Executor, scope: Scope, id: number) {
    const [row] = (await from(executor, columns).where(
      and(eq(sensorGallonThresholds.id, id), sensorScope(scope)),
    )) as unknown as Row[];
    return row && toThreshold(row);
  }

  return {
    async page(scope: Scope, query: ListQuery) {
      const condition = and(sensorScope(scope), query.where);
      const [rows, [total]] = await Promise.all([
        from(db, columns)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<Row[]>,
        from(db, { total: count() }).where(condition) as unknown as Promise<{ total: number }[]>,
      ]);
      return { rows: rows.map(toThreshold), total: total?.total ?? 0 };
    },

    one: (scope: Scope, id: number) => one(db, scope, id),

    /** The sensor with this id or MAC, when it lies inside the scope. */
    async sensor(scope: Scope, by: { id: number } | { mac: string }) {
      const match: SQL = 'id' in by ? eq(sensors.id, by.id) : eq(sensors.macAddress, by.mac);
      const [row] = await db
        .select({ id: sensors.id, macAddress: sensors.macAddress, companyId: sensors.companyId })
        .from(sensors)
        .where(and(match, sensorScope(scope)));
      return row as ThresholdSensor | undefined;
    },

    /** Inserts the threshold; undefined when the sensor already has one. */
    async insert(tx: Transaction, sensor: ThresholdSensor, value: number) {
      const [row] = await tx
        .insert(sensorGallonThresholds)
        .values({ sensorId: sensor.id, companyId: sensor.companyId, value: String(value) })
        .onConflictDoNothing({ target: sensorGallonThresholds.sensorId })
        .returning({ id: sensorGallonThresholds.id });
      return row?.id;
    },

    /** Changes the value of a threshold inside the scope; the row before the change, if any. */
    async setValue(tx: Transaction, scope: Scope, id: number, value: number, at: Date) {
      const before = await one(tx, scope, id);
      if (!before) return undefined;
      await tx
        .update(sensorGallonThresholds)
        .set({ value: String(value), updatedAt: at })
        .where(eq(sensorGallonThresholds.id, id));
      return before;
    },

    /** Removes a threshold inside the scope; the removed row, if any. */
    async remove(tx: Transaction, scope: Scope, id: number) {
      const before = await one(tx, scope, id);
      if (!before) return undefined;
      await tx.delete(sensorGallonThresholds).where(eq(sensorGallonThresholds.id, id));
      return before;
    },

    oneIn: (tx: Transaction, scope: Scope, id: number) => one(tx, scope, id),
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
  };
}
export type GallonThresholdsRepository = ReturnType<typeof createGallonThresholdsRepository>;
