// Checks the per-company logs against the rollups they follow: every building day's sum in
// `usage_company_daily` must equal that day's `usage_daily` rows, and every building hour's
// volume and readings in `usage_company_hourly` those of `usage_hourly`, and the main-line part
// of each (`main_mgal`, `main_readings`) the main-line micrometers' rows.

import { supplyMeterTypes } from '@flowsight/domain/water-accounting';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

/** The main-line part of a rollup column's sum. */
const main = (column: string) =>
  sql.raw(
    `coalesce(sum(${column}) filter (where appliance_type_id in (${supplyMeterTypes.join(', ')})), 0)`,
  );

export type CompanyLogDrift = {
  log: string;
  company_id: number;
  property_id: number;
  building_id: number;
  bucket: string;
  logged: string;
  rollup: string;
};

/** The company days and hours whose logged sums differ from the rollups (none when all is well). */
export async function companyLogDrift(db: Database): Promise<CompanyLogDrift[]> {
  const result = (await db.execute(sql`
    with logged as (
      select 'daily' as log, company_id, property_id, building_id, day::text as bucket,
             concat_ws('/', sum(volume_mgal), sum(main_mgal), sum(main_readings)) as sums
      from usage_company_daily group by 1, 2, 3, 4, 5
      union all
      select 'hourly', company_id, property_id, building_id, hour::text,
             concat_ws('/', sum(volume_mgal), sum(readings), sum(main_mgal), sum(main_readings))
      from usage_company_hourly group by 1, 2, 3, 4, 5
    ), rolled as (
      select 'daily' as log, company_id, property_id, building_id, day::text as bucket,
             concat_ws('/', sum(volume_mgal), ${main('volume_mgal')}, ${main('readings')}) as sums
      from usage_daily group by 1, 2, 3, 4, 5
      union all
      select 'hourly', company_id, property_id, building_id, hour::text,
             concat_ws('/', sum(volume_mgal), sum(readings), ${main('volume_mgal')}, ${main('readings')})
      from usage_hourly group by 1, 2, 3, 4, 5
    )
    select coalesce(l.log, r.log) as log, coalesce(l.company_id, r.company_id) as company_id,
           coalesce(l.property_id, r.property_id) as property_id,
           coalesce(l.building_id, r.building_id) as building_id,
           coalesce(l.bucket, r.bucket) as bucket, coalesce(l.sums, 'none') as logged,
           coalesce(r.sums, 'none') as rollup
    from logged l full join rolled r
      on r.log = l.log and r.company_id = l.company_id and r.property_id = l.property_id
      and r.building_id = l.building_id and r.bucket = l.bucket
    where coalesce(l.sums, 'none') is distinct from coalesce(r.sums, 'none')
      and not (coalesce(l.sums, '0') in ('0/0/0', '0/0/0/0', '0') and coalesce(r.sums, '0') in ('0/0/0', '0/0/0/0', '0'))
    order by 1, 2, 3, 4, 5`)) as unknown as { rows: CompanyLogDrift[] };
  return result.rows;
}
