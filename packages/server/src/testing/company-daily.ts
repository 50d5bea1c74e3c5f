// Checks the per-company day log against the rollup it follows: every company day's sum in
// `usage_company_daily` must equal the sum of that day's `usage_daily` rows.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';

export type CompanyDayDrift = { company_id: number; day: string; logged: string; daily: string };

/** The company days whose logged sum differs from `usage_daily` (none when all is well). */
export async function companyDailyDrift(db: Database): Promise<CompanyDayDrift[]> {
  const result = (await db.execute(sql`
    with logged as (
      select company_id, day, sum(volume_mgal) as volume from usage_company_daily group by 1, 2
    ), daily as (
      select company_id, day, sum(volume_mgal) as volume from usage_daily group by 1, 2
    )
    select coalesce(l.company_id, d.company_id) as company_id, coalesce(l.day, d.day)::text as day,
           coalesce(l.volume, 0)::text as logged, coalesce(d.volume, 0)::text as daily
    from logged l full join daily d on d.company_id = l.company_id and d.day = l.day
    where coalesce(l.volume, 0) <> coalesce(d.volume, 0)
    order by 1, 2`)) as unknown as { rows: CompanyDayDrift[] };
  return result.rows;
}
