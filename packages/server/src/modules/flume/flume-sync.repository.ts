// Statements of the Flume sync (flume.sync.ts decides): the claim of due accounts under
// the sync's advisory lock, the linked meters with their building's place and time zone, the
// minutes already imported, and one call's import — the minutes, their change added to the
// rollups as the building's main line, and the meter's cursor — in one transaction.
import { ApplianceType } from '@flowsight/domain/lookups';
import { supplyMeterTypes } from '@flowsight/domain/water-accounting';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { tryTransactionLock } from '../../db/advisory-lock.ts';
import { type Database, type Executor, rowsOf } from '../../db/client.ts';
import { addToRollups, pgArray, type RollupPlace, RollupSums } from '../../db/rollup-writes.ts';
import { timezones } from '../../db/schema/location.ts';
import {
  externalFlowAccounts,
  externalFlowDevices,
  externalFlowUsage,
} from '../../db/schema/operations.ts';
import { buildings, properties } from '../../db/schema/portfolio.ts';
import type { RoundClaim } from '../../lib/jobs.ts';

/** Advisory lock key of the Flume sync's claim ("FLUM"). */
export const FLUME_SYNC_LOCK = 0x464c554d;

/** The rollup key of an external meter: no micrometer has a negative id, no unit the id 0. */
export const externalMeterKey = (deviceId: number) => ({ sensorId: -deviceId, unitId: 0 });

export type LinkedMeter = {
  id: number;
  externalDeviceId: string;
  companyId: number;
  propertyId: number;
  buildingId: number;
  timeZone: string;
  syncedUntil: Date | null;
};

/** A minute as stored: its water and the place it was counted under. */
export type StoredMinute = {
  minute: Date;
  volumeMgal: number;
  companyId: number;
  propertyId: number;
  buildingId: number;
};

/** One minute to import: the water Flume reports now, and what is stored for it (if anything). */
export type MinuteChange = { minute: Date; volumeMgal: number; stored: StoredMinute | undefined };

export function createFlumeSyncRepository(db: Database) {
  return {
    /**
     * Claims accounts to sync until `leaseUntil`: `only` (a person's "Sync now"), else every
     * account with a linked meter whose last attempt is older than `dueBefore`. Under the sync's
     * advisory lock, so one replica at a time claims; an account already claimed is skipped.
     * Null when another replica holds the lock, or `round` (the job's period) is not this one's.
     */
    claim(options: {
      now: Date;
      leaseUntil: Date;
      dueBefore?: Date;
      only?: number;
      round?: RoundClaim;
    }): Promise<{ id: number }[] | null> {
      return db.transaction(async (tx) => {
        if (!(await tryTransactionLock(tx, FLUME_SYNC_LOCK))) return null;
        if (options.round && !(await options.round(tx))) return null;
        const due =
          options.only !== undefined
            ? sql`a.id = ${options.only}`
            : sql`exists (select 1 from external_flow_devices d
                  where d.account_id = a.id and d.building_id is not null)
                and greatest(a.last_sync_at, a.last_error_at, '-infinity'::timestamptz)
                  < ${(options.dueBefore ?? options.now).toISOString()}::timestamptz`;
        return rowsOf<{ id: number }>(
          tx,
          sql`update external_flow_accounts a
              set sync_claimed_until = ${options.leaseUntil.toISOString()}::timestamptz
              where a.provider = 'flume' and ${due}
                and (a.sync_claimed_until is null
                  or a.sync_claimed_until < ${options.now.toISOString()}::timestamptz)
              returning a.id`,
        );
      });
    },

    async release(accountId: number) {
      await db
        .update(externalFlowAccounts)
        .set({ syncClaimedUntil: null })
        .where(eq(externalFlowAccounts.id, accountId));
    },

    /** The account's meters linked to a building, with the place and its time zone. */
    linkedMeters(accountId: number): Promise<LinkedMeter[]> {
      return db
        .select({
          id: externalFlowDevices.id,
          externalDeviceId: externalFlowDevices.externalDeviceId,
          companyId: buildings.companyId,
          propertyId: buildings.propertyId,
          buildingId: buildings.id,
          timeZone: sql<string>`coalesce(${timezones.name}, 'UTC')`,
          syncedUntil: externalFlowDevices.syncedUntil,
        })
        .from(externalFlowDevices)
        .innerJoin(buildings, eq(buildings.id, externalFlowDevices.buildingId))
        .innerJoin(properties, eq(properties.id, buildings.propertyId))
        .leftJoin(timezones, eq(timezones.id, properties.timezoneId))
        .where(
          and(
            eq(externalFlowDevices.accountId, accountId),
            isNotNull(externalFlowDevices.buildingId),
          ),
        )
        .orderBy(asc(externalFlowDevices.id));
    },

    /**
     * The end of the last hour a main-line micrometer measured the building (null: never): a
     * meter's first sync starts after it, so no hour counts two main lines.
     */
    async mainLineMeasuredUntil(buildingId: number): Promise<Date | null> {
      const [row] = await rowsOf<{ until: string | Date | null }>(
        db,
        sql`select max(hour) + interval '1 hour' as until from usage_hourly
            where building_id = ${buildingId} and sensor_id > 0
              and appliance_type_id = any(${pgArray([...supplyMeterTypes])}::smallint[])`,
      );
      return row?.until ? new Date(row.until) : null;
    },

    /** The minutes of a meter stored in [from, to). */
    stored(deviceId: number, from: Date, to: Date, tx?: Executor): Promise<StoredMinute[]> {
      return (tx ?? db)
        .select({
          minute: externalFlowUsage.minute,
          volumeMgal: externalFlowUsage.volumeMgal,
          companyId: externalFlowUsage.companyId,
          propertyId: externalFlowUsage.propertyId,
          buildingId: externalFlowUsage.buildingId,
        })
        .from(externalFlowUsage)
        .where(
          and(
            eq(externalFlowUsage.deviceId, deviceId),
            gte(externalFlowUsage.minute, from),
            lt(externalFlowUsage.minute, to),
          ),
        );
    },

    /**
     * Imports one call's minutes of a meter and moves its cursor to `until`, in one transaction:
     * the stored minutes are read again inside it, so only a minute's change since it was last
     * imported reaches the rollups (a minute counted once, however often it is fetched).
     * Answers the water added (thousandths of a gallon) and the minutes new to Flowsight.
     */
    importMinutes(
      meter: LinkedMeter,
      minutes: readonly { minute: Date; volumeMgal: number }[],
      window: { from: Date; until: Date },
      at: Date,
    ): Promise<{ addedMgal: number; newMinutes: number }> {
      return db.transaction(async (tx) => {
        const stored = new Map(
          (await this.stored(meter.id, window.from, window.until, tx)).map((m) => [
            m.minute.getTime(),
            m,
          ]),
        );
        const sums = new RollupSums();
        const changed: { minute: Date; volumeMgal: number; place: StoredMinute }[] = [];
        let addedMgal = 0;
        let newMinutes = 0;
        for (const { minute, volumeMgal } of minutes) {
          const before = stored.get(minute.getTime());
          if (before && before.volumeMgal === volumeMgal) continue;
          // A minute keeps the place it was first counted under.
          const place = before ?? { ...meter, minute, volumeMgal };
          const rollupPlace: RollupPlace = {
            ...externalMeterKey(meter.id),
            companyId: place.companyId,
            propertyId: place.propertyId,
            buildingId: place.buildingId,
            applianceTypeId: ApplianceType.MainLine,
            timeZone: meter.timeZone,
          };
          const delta = volumeMgal - (before?.volumeMgal ?? 0);
          // Counted at the minute's middle, as a reading is at its interval's.
          sums.add(rollupPlace, new Date(minute.getTime() + 30_000), delta, 0, before ? 0 : 1);
          changed.push({ minute, volumeMgal, place });
          addedMgal += delta;
          if (!before) newMinutes += 1;
        }
        if (changed.length > 0) {
          await tx.execute(sql`
            insert into external_flow_usage
              (device_id, minute, volume_mgal, company_id, property_id, building_id)
            select ${meter.id}, * from unnest(
              ${pgArray(changed.map((c) => c.minute.toISOString()))}::timestamptz[],
              ${pgArray(changed.map((c) => c.volumeMgal))}::bigint[],
              ${pgArray(changed.map((c) => c.place.companyId))}::int[],
              ${pgArray(changed.map((c) => c.place.propertyId))}::int[],
              ${pgArray(changed.map((c) => c.place.buildingId))}::int[])
            on conflict (device_id, minute) do update set volume_mgal = excluded.volume_mgal`);
          await addToRollups(tx, sums);
        }
        await tx
          .update(externalFlowDevices)
          .set({
            syncedUntil: sql`greatest(${externalFlowDevices.syncedUntil}, ${window.until.toISOString()}::timestamptz)`,
            lastSyncAt: at,
            timeZone: meter.timeZone,
          })
          .where(eq(externalFlowDevices.id, meter.id));
        return { addedMgal, newMinutes };
      });
    },

    /** The sync worked: last sync now, errors cleared. */
    async recordSynced(accountId: number, at: Date) {
      await db
        .update(externalFlowAccounts)
        .set({
          lastSyncAt: at,
          connectedAt: at,
          lastError: null,
          lastErrorAt: null,
          credentialsRefused: false,
        })
        .where(eq(externalFlowAccounts.id, accountId));
    },
  };
}
export type FlumeSyncRepository = ReturnType<typeof createFlumeSyncRepository>;
