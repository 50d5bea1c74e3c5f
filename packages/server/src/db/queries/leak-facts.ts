// The open leak alerts as the incident rule reads them (`@flowsight/domain/leak-incidents`): each
// alert's place, meter, type, fixture, rate and price, aggregated to JSON by the query that picks
// them, so any list or figure can cost its leaks once per incident. And the same rule in SQL for
// what must be sorted in the database (a list ordered by what its places' leaks cost), held equal
// to the domain's by the portfolio tests. The domain's `leakFactsOf` reads the aggregate.
import {
  NotificationCategory,
  NotificationType,
  openNotificationStatuses,
} from '@flowsight/domain/lookups';
import { supplyMeterTypes } from '@flowsight/domain/water-accounting';
import { type SQL, sql } from 'drizzle-orm';

const LEAK = NotificationCategory.Leak;
const OPEN = sql.raw(`(${openNotificationStatuses.join(', ')})`);

/** Whether the notifications row `n` is an open leak alert. */
export const openLeak = (n = 'n') =>
  sql`${sql.raw(n)}.notification_category_id = ${LEAK} and ${sql.raw(n)}.notification_status_id in ${OPEN}`;

/**
 * `json_agg` of the facts of rows `n` (filter them with `openLeak`); `price` is the property's price
 * per 1,000 gallons (null: the default), e.g. `p.water_price_per_kgal`.
 */
export const leakFactsAgg = (price: SQL, n = 'n') => {
  const a = sql.raw(n);
  return sql`json_agg(json_build_object(
    'id', ${a}.id, 'building_id', ${a}.building_id, 'sensor_id', ${a}.sensor_id,
    'notification_type_id', ${a}.notification_type_id, 'appliance_type_id', ${a}.appliance_type_id,
    'rate', ${a}.rate::float8, 'water_price', (${price})::float8))`;
};

/**
 * Per `key` (a column of `n`: property_id or building_id), the gallons a month its open leaks lose
 * under the incident rule, for ordering in SQL: per meter the larger of its alerts (an alert
 * without a meter is water of its own); per building the larger of its main lines' sum and the
 * other meters' sum when a main line has an open leak, else the meters' sum. `where` narrows `n`.
 */
export const incidentRateByKey = (key: 'property_id' | 'building_id', where: SQL) => sql`
  select key, sum(rate)::float8 as incident_rate from (
    select key, building_id,
           case when building_id is not null and bool_or(main)
                then greatest(coalesce(sum(rate) filter (where main), 0), coalesce(sum(rate) filter (where not main), 0))
                else coalesce(sum(rate), 0) end as rate
    from (
      select ${sql.raw(`n.${key}`)} as key, n.building_id,
             coalesce(n.sensor_id::bigint, -n.id) as meter,
             bool_or(n.sensor_id is not null and n.notification_type_id <> ${NotificationType.UnaccountedWater}
                     and n.appliance_type_id = any(${sql.raw(`array[${supplyMeterTypes.join(', ')}]::int[]`)})) as main,
             max(coalesce(n.rate, 0)) as rate
      from notifications n
      where ${openLeak()} and ${sql.raw(`n.${key}`)} is not null and ${where}
      group by 1, 2, 3
    ) meters
    group by 1, 2
  ) buildings
  group by 1`;
