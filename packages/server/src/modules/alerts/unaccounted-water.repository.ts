// Reads of the unaccounted-water rule (docs/detection.md): each company's buildings per local day
// from the per-building daily log (`buildingBuckets`: main line, its readings and the fixtures),
// the facts a building's evaluation needs (time zone, installation type, the company's threshold)
// and its open and recently closed building-level alerts. The engine decides and writes.
import { NotificationStatus, NotificationType } from '@flowsight/domain/lookups';
import type { BuildingDay } from '@flowsight/domain/unaccounted';
import { sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/client.ts';
import { buildingBuckets, daysWithin } from '../../db/queries/rollup-reads.ts';
import { systemScope } from '../../lib/tenant-scope.ts';

/** A building as the rule needs it, with the company's own threshold values (null: default). */
export type ReconciledBuilding = {
  company_id: number;
  property_id: number;
  building_id: number;
  timezone: string;
  installation_type_id: number | null;
  share_percent: number | null;
  min_gallons_per_day: number | null;
};

export type BuildingAlert = { id: number; building_id: number; last_detected_at: Date | string };

const type = NotificationType.UnaccountedWater;

export function createUnaccountedWaterRepository() {
  return {
    /** Every building of a company that has one, with its property's zone and the thresholds. */
    async buildings(db: Executor): Promise<ReconciledBuilding[]> {
      return selectRows<ReconciledBuilding>(
        db,
        sql`select b.company_id, b.property_id, b.id as building_id, z.name as timezone,
              b.installation_type_id, t.share_percent::float8 as share_percent,
              t.min_gallons_per_day::float8 as min_gallons_per_day
            from buildings b
            join properties p on p.id = b.property_id
            join timezones z on z.id = p.timezone_id
            left join company_unaccounted_thresholds t on t.company_id = b.company_id
            where b.company_id is not null
            order by b.id`,
      );
    },

    /**
     * The company's buildings per local day `from`–`to` (both included), in gallons: the daily
     * log's main-line water and readings and its fixtures' water.
     */
    async days(
      db: Executor,
      companyId: number,
      from: string,
      to: string,
    ): Promise<Map<number, BuildingDay[]>> {
      const rows = await selectRows<{
        building_id: number;
        day: string;
        main: number;
        main_readings: number;
        fixtures: number;
      }>(
        db,
        sql`select b.building_id, b.bucket::text as day, b.main::float8 / 1000 as main,
              b.main_readings::int as main_readings, b.fixtures::float8 / 1000 as fixtures
            from (${buildingBuckets(systemScope, 'company', companyId, 'daily', daysWithin({ from, to }))}) b`,
      );
      const byBuilding = new Map<number, BuildingDay[]>();
      for (const row of rows) {
        const list = byBuilding.get(row.building_id) ?? [];
        list.push({
          day: row.day,
          main: Number(row.main),
          mainReadings: Number(row.main_readings),
          fixtures: Number(row.fixtures),
        });
        byBuilding.set(row.building_id, list);
      }
      return byBuilding;
    },

    /** Open unaccounted-water alerts, by building. */
    async openAlerts(db: Executor): Promise<Map<number, BuildingAlert>> {
      const rows = await selectRows<BuildingAlert>(
        db,
        sql`select id, building_id, last_detected_at from notifications
            where notification_type_id = ${type} and notification_status_id in (1, 2)
              and building_id is not null`,
      );
      return new Map(rows.map((row) => [row.building_id, row]));
    },

    /** When each building's latest unaccounted-water alert closed, if since `since`. */
    async lastClosed(db: Executor, since: Date): Promise<Map<number, number>> {
      const rows = await selectRows<{ building_id: number; closed_ms: number }>(
        db,
        sql`select building_id, (extract(epoch from max(closed_at)) * 1000)::float8 as closed_ms
            from notifications
            where notification_type_id = ${type} and notification_status_id = ${NotificationStatus.Closed}
              and building_id is not null and closed_at >= ${since.toISOString()}::timestamptz
            group by building_id`,
      );
      return new Map(rows.map((row) => [row.building_id, Number(row.closed_ms)]));
    },
  };
}
export type UnaccountedWaterRepository = ReturnType<typeof createUnaccountedWaterRepository>;
