// Reads of the raw readings (`submissions`) and of the daily rollup for per-level totals. The raw
// table is large and partitioned by month on `measured_at`, so every read carries a time window
// (the caller's `filter.measured_at`, else the last 30 days) that lets PostgreSQL skip partitions,
// and every read of a place's readings is also limited by the caller's scope.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  READINGS_DEFAULT_WINDOW_DAYS,
  type ReadingsWindow,
} from '@flowsight/domain/readings-window';
import {
  and,
  between,
  count,
  desc,
  eq,
  gte,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type Database, rowsOf, selectRows } from '../../db/client.ts';
import { placeScope } from '../../db/queries/place-columns.ts';
import { inPlace } from '../../db/queries/places.ts';
import { buildingBuckets, buildingUse } from '../../db/queries/rollup-reads.ts';
import { buildings, units } from '../../db/schema/portfolio.ts';
import { submissions, usageDaily } from '../../db/schema/readings.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

export const submissionList = defineList({
  sortable: {
    ...sortColumns(submissions, ['measuredAt', 'macAddress']),
    volume: submissions.volumeMgal,
    ...sortColumns(submissions, ['battery', 'ingestedAt']),
  },
  filterable: filterColumns(submissions, [
    'measuredAt',
    'macAddress',
    'kind',
    'transport',
    'sensorId',
    'unitId',
    'buildingId',
    'applianceTypeId',
    'gatewaySerial',
    'battery',
  ]),
  searchable: [submissions.macAddress, submissions.gatewaySerial],
  defaultSort: [{ field: 'measured_at', direction: 'DESC' }],
  tieBreaker: submissions.id,
});

export const submissionColumns = {
  id: submissions.id,
  measured_at: submissions.measuredAt,
  ingested_at: submissions.ingestedAt,
  mac_address: submissions.macAddress,
  seq: submissions.seq,
  kind: submissions.kind,
  port: submissions.port,
  transport: submissions.transport,
  volume_mgal: submissions.volumeMgal,
  interval_s: submissions.intervalS,
  flow_time_s: submissions.flowTimeS,
  peak_flow_mgpm: submissions.peakFlowMgpm,
  battery: submissions.battery,
  firmware_version: submissions.firmwareVersion,
  flags: submissions.flags,
  report_interval_s: submissions.reportIntervalS,
  gateway_serial: submissions.gatewaySerial,
  rssi: submissions.rssi,
  snr: submissions.snr,
  error: submissions.error,
  payload_hex: sql<string | null>`encode(${submissions.payload}, 'hex')`,
  sensor_id: submissions.sensorId,
  company_id: submissions.companyId,
  property_id: submissions.propertyId,
  building_id: submissions.buildingId,
  building_name: buildings.name,
  unit_id: submissions.unitId,
  unit_name: units.name,
  appliance_type_id: submissions.applianceTypeId,
  room_type_id: submissions.roomTypeId,
  water_type_id: submissions.waterTypeId,
};
/** A reading as selected by `submissionColumns`. */
export type SubmissionRecord = {
  id: number;
  measured_at: Date;
  ingested_at: Date;
  mac_address: string;
  seq: number;
  kind: 'usage' | 'usage_v1' | 'keepalive' | 'malformed';
  port: number | null;
  transport: string;
  volume_mgal: number | null;
  interval_s: number | null;
  flow_time_s: number | null;
  peak_flow_mgpm: number | null;
  battery: number | null;
  firmware_version: string | null;
  flags: number | null;
  report_interval_s: number | null;
  gateway_serial: string | null;
  rssi: number | null;
  snr: number | null;
  error: string | null;
  payload_hex: string | null;
  sensor_id: number | null;
  company_id: number | null;
  property_id: number | null;
  building_id: number | null;
  building_name: string | null;
  unit_id: number | null;
  unit_name: string | null;
  appliance_type_id: number | null;
  room_type_id: number | null;
  water_type_id: number | null;
};

/** The lists outside the hierarchy (system roles): readings no unit owns, keep-alives, legacy frames. */
const specialLists = {
  unassigned: isNull(submissions.unitId),
  keepalive: eq(submissions.kind, 'keepalive'),
  'parsed-old': eq(submissions.kind, 'usage_v1'),
} as const;
export type SpecialList = keyof typeof specialLists;

/** Whose readings: a place's, or one of the lists outside the hierarchy. */
export type ReadingsOf = { level: PortfolioLevel; id: number } | { list: SpecialList };
const readingsOf = (of: ReadingsOf): SQL =>
  'list' in of ? specialLists[of.list] : inPlace(submissions, of.level, of.id);

const inScope = (scope: Scope) => placeScope(scope, submissions);

/** The window of a list: the caller's measured_at filter, else the last 30 days. */
function windowOf(query: ListQuery, now: Date): SQL | undefined {
  if (query.filter.measured_at !== undefined) return undefined;
  return gte(
    submissions.measuredAt,
    new Date(now.getTime() - READINGS_DEFAULT_WINDOW_DAYS * 86_400_000),
  );
}

/** Readings measured inside the window, both ends included. */
const within = (window: ReadingsWindow): SQL =>
  between(submissions.measuredAt, window.from, window.to);

export function createSubmissionsRepository(db: Database) {
  const select = <S extends Record<string, unknown>>(columns: S) =>
    db
      .select(columns as never)
      .from(submissions)
      .leftJoin(units, eq(units.id, submissions.unitId))
      .leftJoin(buildings, eq(buildings.id, submissions.buildingId));

  return {
    /** A page of the readings, within the query's window (by default the last 30 days). */
    async page(scope: Scope, of: ReadingsOf, query: ListQuery, now: Date) {
      const condition = and(inScope(scope), query.where, readingsOf(of), windowOf(query, now));
      const [rows, [total]] = await Promise.all([
        select(submissionColumns)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<SubmissionRecord[]>,
        db.select({ total: count() }).from(submissions).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    async count(scope: Scope, of: ReadingsOf, query: ListQuery, now: Date) {
      const [row] = await db
        .select({ total: count() })
        .from(submissions)
        .where(and(inScope(scope), readingsOf(of), query.where, windowOf(query, now)));
      return row?.total ?? 0;
    },

    /**
     * Rows after the (measured_at, id) key, newest first: the exports' keyset chunks. The key's
     * `measured_at <= at` bound lets each read start in the (place, measured_at) index where the
     * last one stopped, and the chunk is cut before the building and unit names are joined, so
     * every read costs one chunk, not the rest of the window (without statistics, as on a fresh
     * embedded database, the planner would otherwise sort everything left at every read).
     */
    async chunk(
      scope: Scope,
      selection: { of: ReadingsOf; query: ListQuery; window: ReadingsWindow },
      after: { at: Date; id: number } | undefined,
      limit: number,
    ) {
      const next = after
        ? and(
            lte(submissions.measuredAt, after.at),
            or(lt(submissions.measuredAt, after.at), lt(submissions.id, after.id)),
          )
        : undefined;
      const { building_name: _building, unit_name: _unit, payload_hex, ...own } = submissionColumns;
      const chunk = db
        .select({ ...own, payload_hex: payload_hex.as('payload_hex') })
        .from(submissions)
        .where(
          and(
            inScope(scope),
            readingsOf(selection.of),
            selection.query.where,
            within(selection.window),
            next,
          ),
        )
        .orderBy(desc(submissions.measuredAt), desc(submissions.id))
        .limit(limit)
        .as('chunk');
      // The chunk's own columns, read from the subquery, and the names joined to them.
      const fields = Object.fromEntries(
        Object.keys(chunk._.selectedFields).map((key) => [
          key,
          chunk[key as keyof typeof chunk._.selectedFields],
        ]),
      );
      return (await db
        .select({ ...fields, building_name: buildings.name, unit_name: units.name } as never)
        .from(chunk)
        .leftJoin(units, eq(units.id, chunk.unit_id))
        .leftJoin(buildings, eq(buildings.id, chunk.building_id))
        .orderBy(desc(chunk.measured_at), desc(chunk.id))) as unknown as SubmissionRecord[];
    },

    /** The unit's first or last reading. */
    async edge(scope: Scope, unitId: number, mode: 'first' | 'last') {
      const [row] = (await select(submissionColumns)
        .where(and(inScope(scope), eq(submissions.unitId, unitId)))
        .orderBy(mode === 'first' ? submissions.measuredAt : desc(submissions.measuredAt))
        .limit(1)) as unknown as SubmissionRecord[];
      return row;
    },

    /**
     * Gallons and readings of a place from the daily rollup, optionally between local dates:
     * above a unit the gallons are its buildings' use under the water-accounting rule (a main
     * line's water is not added to its fixtures'), a unit's every micrometer's on it.
     */
    async gallons(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      range: { from?: string; to?: string },
    ) {
      const within = (day: SQL) =>
        and(
          sql`true`,
          range.from ? sql`${day} >= ${range.from}::date` : undefined,
          range.to ? sql`${day} <= ${range.to}::date` : undefined,
        ) ?? sql`true`;
      const [row] = await db
        .select({
          volume: sql<number>`coalesce(sum(${usageDaily.volumeMgal}), 0)::float8`,
          readings: sql<number>`coalesce(sum(${usageDaily.readings}), 0)::int`,
        })
        .from(usageDaily)
        .where(
          and(inPlace(usageDaily, level, id), dailyScope(scope), within(sql`${usageDaily.day}`)),
        );
      let volume = row?.volume ?? 0;
      if (level !== 'unit') {
        const [use] = await selectRows<{ use: number }>(
          db,
          sql`select coalesce(sum(u.use), 0)::float8 as use
            from (${buildingUse(buildingBuckets(scope, level, id, 'daily', within))}) u`,
        );
        volume = Number(use?.use ?? 0);
      }
      return { gallons: volume / 1000, readings: row?.readings ?? 0 };
    },

    /** The same per micrometer of the place, with its last reading. */
    async gallonsBySensor(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      range: { from?: string; to?: string },
    ) {
      const rows = await rowsOf<{
        sensor_id: number;
        mac_address: string;
        appliance_type_id: number | null;
        unit_id: number | null;
        gallons: number;
        readings: number;
        last_submission: Date | string | null;
      }>(
        db,
        sql`
        select ${usageDaily.sensorId} as sensor_id, s.mac_address, s.appliance_type_id, s.unit_id,
               coalesce(sum(${usageDaily.volumeMgal}), 0)::float8 / 1000 as gallons,
               coalesce(sum(${usageDaily.readings}), 0)::int as readings, s.last_submission
        from ${usageDaily} join sensors s on s.id = ${usageDaily.sensorId}
        where ${and(
          inPlace(usageDaily, level, id),
          dailyScope(scope),
          range.from ? gte(usageDaily.day, range.from) : undefined,
          range.to ? sql`${usageDaily.day} <= ${range.to}` : undefined,
        )}
        group by ${usageDaily.sensorId}, s.mac_address, s.appliance_type_id, s.unit_id, s.last_submission
        order by gallons desc, sensor_id`,
      );
      return rows.map((row) => ({
        ...row,
        gallons: Number(row.gallons),
        last_submission: row.last_submission ? new Date(row.last_submission).toISOString() : null,
      }));
    },
  };
}
export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;

const dailyScope = (scope: Scope) => placeScope(scope, usageDaily);
