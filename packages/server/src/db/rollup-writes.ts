// Adds water to the usage rollups (`usage_hourly`, `usage_daily`, `usage_monthly`) the way live
// ingest does (DESIGN section 6, packages/domain/src/usage.ts): an amount is counted at one instant
// whose UTC hour, local day and local month (in the place's time zone) are its buckets. Ingest adds
// micrometer readings; the Flume sync adds a whole-building meter's minutes as a main line
// (docs/decisions.md). `usage_company_daily` and `_hourly` follow by trigger.
import { utcHour } from '@flowsight/domain/usage';
import { localDate } from '@flowsight/domain/wall-clock';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

const NEEDS_ESCAPE = /["\\]/;

/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) sent as one text parameter and cast in SQL: the
 * same on node-postgres and PGlite, and one parameter however many rows a batch has.
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  const items = values.map((value) => {
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    return NEEDS_ESCAPE.test(value)
      ? `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`
      : `"${value}"`;
  });
  return `{${items.join(',')}}`;
}

/** The rollup key and denormalised place of what measured the water. */
export type RollupPlace = {
  readonly sensorId: number;
  readonly unitId: number;
  readonly companyId: number;
  readonly propertyId: number;
  readonly buildingId: number;
  readonly applianceTypeId: number | null;
  readonly timeZone: string;
};

type Sum = { place: RollupPlace; key: string; volume: number; flow: number; readings: number };
type Grain = 'usage_hourly' | 'usage_daily' | 'usage_monthly';

/** Amounts gathered per rollup row, then written in one statement by `addToRollups`. */
export class RollupSums {
  readonly #sums: Record<Grain, Map<string, Sum>> = {
    usage_hourly: new Map(),
    usage_daily: new Map(),
    usage_monthly: new Map(),
  };

  /** Counts `volume` (thousandths of a gallon; negative takes water back) at `instant`. */
  add(place: RollupPlace, instant: Date, volume: number, flow: number, readings: number): void {
    const day = localDate(instant, place.timeZone);
    this.#add('usage_hourly', place, utcHour(instant).toISOString(), volume, flow, readings);
    this.#add('usage_daily', place, day, volume, flow, readings);
    this.#add('usage_monthly', place, `${day.slice(0, 8)}01`, volume, flow, readings);
  }

  get empty(): boolean {
    return this.#sums.usage_hourly.size === 0;
  }

  list(grain: Grain): Sum[] {
    return [...this.#sums[grain].values()].sort(
      (a, b) =>
        a.place.sensorId - b.place.sensorId ||
        a.place.unitId - b.place.unitId ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
  }

  #add(grain: Grain, place: RollupPlace, key: string, volume: number, flow: number, n: number) {
    const id = `${place.sensorId}|${place.unitId}|${key}`;
    const sum = this.#sums[grain].get(id) ?? { place, key, volume: 0, flow: 0, readings: 0 };
    sum.volume += volume;
    sum.flow += flow;
    sum.readings += n;
    this.#sums[grain].set(id, sum);
  }
}

function upsert(grain: Grain, list: readonly Sum[]) {
  const column = <T extends string | number | null>(pick: (sum: Sum) => T) =>
    pgArray(list.map(pick));
  const time =
    grain === 'usage_hourly' ? sql`hour` : grain === 'usage_daily' ? sql`day` : sql`month`;
  const cast = grain === 'usage_hourly' ? sql`timestamptz[]` : sql`date[]`;
  const table = sql.identifier(grain);
  return sql`
    insert into ${table} (sensor_id, company_id, property_id, building_id, unit_id,
      appliance_type_id, volume_mgal, flow_time_s, readings, ${time})
    select * from unnest(
      ${column((x) => x.place.sensorId)}::int[], ${column((x) => x.place.companyId)}::int[],
      ${column((x) => x.place.propertyId)}::int[], ${column((x) => x.place.buildingId)}::int[],
      ${column((x) => x.place.unitId)}::int[], ${column((x) => x.place.applianceTypeId)}::smallint[],
      ${column((x) => x.volume)}::bigint[], ${column((x) => x.flow)}::int[],
      ${column((x) => x.readings)}::int[], ${column((x) => x.key)}::${cast})
    on conflict (sensor_id, unit_id, ${time}) do update set
      volume_mgal = ${table}.volume_mgal + excluded.volume_mgal,
      flow_time_s = ${table}.flow_time_s + excluded.flow_time_s,
      readings = ${table}.readings + excluded.readings`;
}

/**
 * The three upserts as data-modifying CTEs (`rollup_hourly as (…)`, …) for a statement that makes
 * other writes too (ingest adds its sensors' facts): no CTE when there is nothing to add. Every
 * amount falls in an hour, a day and a month: all three or none.
 */
export function rollupWriteCtes(sums: RollupSums): SQL[] {
  if (sums.empty) return [];
  return (['usage_hourly', 'usage_daily', 'usage_monthly'] as const).map(
    (grain) =>
      sql`${sql.identifier(`rollup_${grain.slice('usage_'.length)}`)} as (${upsert(grain, sums.list(grain))})`,
  );
}

/** Writes the gathered amounts into the three rollups: one statement, one round trip. */
export async function addToRollups(ex: Executor, sums: RollupSums): Promise<void> {
  const ctes = rollupWriteCtes(sums);
  if (ctes.length === 0) return;
  await ex.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`);
}
