// Rebuilds the usage rollups (`usage_hourly`, `usage_daily`, `usage_monthly`) from the raw
// readings with the same rules the ingest path applies row by row (DESIGN section 6,
// packages/domain/src/usage.ts): only usage reports (v2 and legacy v1) of assigned sensors count;
// a report's volume is counted at the midpoint of its interval; the hour is the UTC hour of that
// instant and the day its calendar date in the property's time zone, whose month is the monthly
// row's. External meters' minutes (`external_flow_usage`, the Flume sync) count as their
// building's main line, at each minute's middle, under the key of `externalMeterKey`.
// `usage_company_daily` and `_hourly` follow by trigger; `compactCompanyLogs` folds them.
// Used after a bulk load (the benchmark loads raw readings with COPY) and to repair rollups; a
// test holds it equal to what ingest maintains.
import { ApplianceType } from '@flowsight/domain/lookups';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from './client.ts';
import { rawReadingsFrom } from './queries/raw-readings-from.ts';

const DAY_MS = 86_400_000;

export type RollupRange = {
  /** Readings measured at or after this instant (default: all). */
  readonly from?: Date;
  /** Readings measured before this instant (default: all). */
  readonly to?: Date;
};

/**
 * Replaces the rollup rows the readings of `range` contribute to. With a range, buckets on its
 * edges are recomputed only from readings inside it, so pass whole days (or no range).
 *
 * Once retention has dropped old raw readings (RETENTION_MONTHS, `rawReadingsFrom`), the rollups
 * before that boundary are the only record of their water and are kept: without a range, only
 * the buckets that begin at or after the boundary (hours) or on the second day after it (local
 * days, whatever the property's time zone) are replaced, and months from the boundary's on are
 * summed again from the days; a range is cut to begin two days after the boundary, so no bucket
 * it recomputes held a dropped reading.
 */
export async function rebuildUsageRollups(db: Database, range: RollupRange = {}): Promise<void> {
  const keptFrom = await rawReadingsFrom(db);
  if (keptFrom && !range.from && !range.to) return rebuildSince(db, keptFrom);
  const earliest = keptFrom && new Date(keptFrom.getTime() + 2 * DAY_MS);
  const cut = earliest && (!range.from || range.from < earliest) ? earliest : range.from;
  if (cut && range.to && range.to <= cut) return;
  const from = cut?.toISOString() ?? null;
  const to = range.to?.toISOString() ?? null;
  const readings = readingsBetween(from, to);
  await db.transaction(async (tx) => {
    const wholesale = from === null && to === null;
    // A wholesale rebuild writes millions of rows: their secondary indexes are built once
    // afterwards (sorted, much faster than row by row) and the grouping gets memory to work in.
    let secondary: string[] = [];
    if (wholesale) {
      await tx.execute(sql`set local work_mem = '256MB'`);
      await tx.execute(sql`truncate usage_hourly, usage_daily, usage_monthly`);
      secondary = (
        (await tx.execute(sql`
          select i.indexname, i.indexdef from pg_indexes i
          where i.tablename in ('usage_hourly', 'usage_daily', 'usage_monthly')
            and i.schemaname = current_schema()
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as {
          rows: { indexname: string; indexdef: string }[];
        }
      ).rows.map((index) => index.indexdef);
      for (const definition of secondary) {
        const name = /INDEX\s+(\S+)\s+ON/i.exec(definition)?.[1];
        if (name) await tx.execute(sql.raw(`drop index ${name}`));
      }
    } else {
      await tx.execute(sql`
        delete from usage_hourly h using (
          select distinct sensor_id, unit_id, date_trunc('hour', instant, 'UTC') as hour from (${readings}) r
        ) k where h.sensor_id = k.sensor_id and h.unit_id = k.unit_id and h.hour = k.hour`);
      await tx.execute(sql`
        delete from usage_daily d using (
          select distinct sensor_id, unit_id, (instant at time zone coalesce(time_zone, 'UTC'))::date as day
          from (${readings}) r
        ) k where d.sensor_id = k.sensor_id and d.unit_id = k.unit_id and d.day = k.day`);
    }
    await insertBuckets(tx, readings, sql`true`, sql`true`);
    await rebuildMonths(tx, wholesale ? null : sql`(${readings})`);
    for (const definition of secondary) await tx.execute(sql.raw(definition));
  });
}

/**
 * The rebuild after retention: buckets that begin at or after `keptFrom` (hours) or a day later
 * (local days: a day after the boundary's UTC date begins after it in every time zone) are
 * recomputed from the readings kept; older buckets stay as ingest left them.
 */
async function rebuildSince(db: Database, keptFrom: Date): Promise<void> {
  const from = keptFrom.toISOString();
  const readings = readingsBetween(from, null);
  const firstDay = sql`(${from}::timestamptz at time zone 'UTC')::date + 1`;
  const firstMonth = sql`date_trunc('month', ${from}::timestamptz at time zone 'UTC')::date`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from usage_hourly where hour >= ${from}::timestamptz`);
    await tx.execute(sql`delete from usage_daily where day >= ${firstDay}`);
    await insertBuckets(
      tx,
      readings,
      sql`instant >= ${from}::timestamptz`,
      sql`(instant at time zone coalesce(time_zone, 'UTC'))::date >= ${firstDay}`,
    );
    await tx.execute(sql`delete from usage_monthly where month >= ${firstMonth}`);
    await insertMonths(tx, sql`d.day >= ${firstMonth}`);
  });
}

/** The usage readings (and external meters' minutes) measured in [from, to), either open. */
function readingsBetween(from: string | null, to: string | null): SQL {
  return sql`
    select s.sensor_id, s.company_id, s.property_id, s.building_id, s.unit_id, s.appliance_type_id,
           coalesce(s.volume_mgal, 0) as volume_mgal, coalesce(s.flow_time_s, 0) as flow_time_s,
           s.measured_at - make_interval(secs => greatest(coalesce(s.interval_s, 0), 0) / 2.0) as instant,
           z.name as time_zone
    from submissions s
    join properties p on p.id = s.property_id
    left join timezones z on z.id = p.timezone_id
    where s.kind in ('usage', 'usage_v1') and s.sensor_id is not null and s.unit_id is not null
      and (${from}::timestamptz is null or s.measured_at >= ${from}::timestamptz)
      and (${to}::timestamptz is null or s.measured_at < ${to}::timestamptz)
    union all
    select -u.device_id, u.company_id, u.property_id, u.building_id, 0,
           ${ApplianceType.MainLine}::smallint, u.volume_mgal, 0, u.minute + interval '30 seconds', z.name
    from external_flow_usage u
    join properties p on p.id = u.property_id
    left join timezones z on z.id = p.timezone_id
    where (${from}::timestamptz is null or u.minute >= ${from}::timestamptz)
      and (${to}::timestamptz is null or u.minute < ${to}::timestamptz)`;
}

/** Inserts the hourly and daily rows of `readings` whose instants pass `hourly` and `daily`. */
async function insertBuckets(tx: Executor, readings: SQL, hourly: SQL, daily: SQL): Promise<void> {
  // A sensor's hierarchy ids are the same on all its rows of one unit; min() picks them. Rows
  // go in time order, as live ingest writes them: one hour's (or day's) rows of every sensor
  // share pages, which is what a chart of a whole company reads.
  await tx.execute(sql`
    insert into usage_hourly (sensor_id, unit_id, hour, company_id, property_id, building_id,
      appliance_type_id, volume_mgal, flow_time_s, readings)
    select sensor_id, unit_id, date_trunc('hour', instant, 'UTC'), min(company_id), min(property_id),
      min(building_id), min(appliance_type_id), sum(volume_mgal), sum(flow_time_s), count(*)
    from (${readings}) r
    where ${hourly}
    group by sensor_id, unit_id, date_trunc('hour', instant, 'UTC')
    order by 3, 1`);
  await tx.execute(sql`
    insert into usage_daily (sensor_id, unit_id, day, company_id, property_id, building_id,
      appliance_type_id, volume_mgal, flow_time_s, readings)
    select sensor_id, unit_id, (instant at time zone coalesce(time_zone, 'UTC'))::date,
      min(company_id), min(property_id), min(building_id), min(appliance_type_id),
      sum(volume_mgal), sum(flow_time_s), count(*)
    from (${readings}) r
    where ${daily}
    group by sensor_id, unit_id, (instant at time zone coalesce(time_zone, 'UTC'))::date
    order by 3, 1`);
}

/**
 * Recomputes `usage_monthly` from `usage_daily` (a month is the sum of its local days): all of it,
 * or only the sensor months of `readings` (a subquery of readings with `instant` and `time_zone`).
 */
export async function rebuildMonths(tx: Executor, readings: SQL | null): Promise<void> {
  const touched =
    readings === null
      ? sql`true`
      : sql`(d.sensor_id, d.unit_id, date_trunc('month', d.day)::date) in (
          select distinct sensor_id, unit_id,
            date_trunc('month', (instant at time zone coalesce(time_zone, 'UTC'))::date)::date
          from ${readings} r)`;
  if (readings !== null) {
    await tx.execute(sql`
      delete from usage_monthly m using (
        select distinct sensor_id, unit_id,
          date_trunc('month', (instant at time zone coalesce(time_zone, 'UTC'))::date)::date as month
        from ${readings} r
      ) k where m.sensor_id = k.sensor_id and m.unit_id = k.unit_id and m.month = k.month`);
  }
  await insertMonths(tx, touched);
}

/** Inserts the monthly rows summed from the days of `usage_daily d` that pass `days`. */
async function insertMonths(tx: Executor, days: SQL): Promise<void> {
  await tx.execute(sql`
    insert into usage_monthly (sensor_id, unit_id, month, company_id, property_id, building_id,
      appliance_type_id, volume_mgal, flow_time_s, readings)
    select d.sensor_id, d.unit_id, date_trunc('month', d.day)::date, min(d.company_id),
      min(d.property_id), min(d.building_id), min(d.appliance_type_id), sum(d.volume_mgal),
      sum(d.flow_time_s), sum(d.readings)
    from usage_daily d
    where ${days}
    group by d.sensor_id, d.unit_id, date_trunc('month', d.day)::date
    order by 3, 1`);
}

/**
 * Buckets folded per log and statement: on the embedded database a statement holds the server's
 * event loop, so a backlog (a backfill of history) is folded a slice at a time.
 */
const COMPACT_BUCKETS = 500;

const companyLogs = {
  daily: {
    table: 'usage_company_daily',
    time: 'day',
    values: ['volume_mgal', 'main_mgal', 'main_readings'],
  },
  hourly: {
    table: 'usage_company_hourly',
    time: 'hour',
    values: ['volume_mgal', 'readings', 'main_mgal', 'main_readings'],
  },
} as const;

/**
 * Folds the rows of each building and day (hour) of the per-company logs that has rows not folded
 * yet into one folded row; buckets that net to zero go. Only those buckets are read (a partial
 * index holds the unfolded rows). Safe beside ingest: rows committed meanwhile are not deleted and
 * wait for the next run. Answers how many rows it removed from each log.
 */
export async function compactCompanyLogs(
  db: Database,
): Promise<Record<'daily' | 'hourly', number>> {
  const removed = { daily: 0, hourly: 0 };
  for (const [name, log] of Object.entries(companyLogs) as [
    keyof typeof companyLogs,
    (typeof companyLogs)[keyof typeof companyLogs],
  ][]) {
    const table = sql.identifier(log.table);
    const time = sql.identifier(log.time);
    const values = sql.raw(log.values.join(', '));
    const sums = sql.raw(log.values.map((v) => `sum(${v})`).join(', '));
    const nonZero = sql.raw(log.values.map((v) => `sum(${v}) <> 0`).join(' or '));
    // A slice at a time, letting the event loop run between slices, until a slice is not full.
    for (;;) {
      const result = (await db.execute(sql`
        with touched as (
          select distinct company_id, property_id, building_id, ${time} from ${table} where not folded
          limit ${COMPACT_BUCKETS}
        ), gone as (
          delete from ${table} l using touched t
          where l.company_id = t.company_id and l.property_id = t.property_id
            and l.building_id = t.building_id and l.${time} = t.${time}
          returning l.*
        ), folded as (
          insert into ${table} (company_id, property_id, building_id, ${time}, ${values}, folded)
          select company_id, property_id, building_id, ${time}, ${sums}, true from gone
          group by company_id, property_id, building_id, ${time} having ${nonZero}
          returning 1
        )
        select (select count(*) from gone)::int - (select count(*) from folded)::int as removed,
               (select count(*) from touched)::int as touched`)) as unknown as {
        rows: { removed: number; touched: number }[];
      };
      removed[name] += result.rows[0]?.removed ?? 0;
      if ((result.rows[0]?.touched ?? 0) < COMPACT_BUCKETS) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return removed;
}
