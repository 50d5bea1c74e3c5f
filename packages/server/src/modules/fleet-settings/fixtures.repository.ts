// The fixture types (`appliance_types`) and their leak-detection parameters: reads and the edit.
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { users } from '../../db/schema/identity.ts';
import { applianceTypes } from '../../db/schema/lookups.ts';
import type { FixtureType } from './fleet-settings.schemas.ts';

/** The columns an edit may set, in database terms. */
export type DetectionPatch = {
  continuousHours?: number | null;
  hourlyMinGal?: number;
  nightFlow?: boolean;
  dailyHighGal?: number | null;
};

const columns = {
  id: applianceTypes.id,
  name: applianceTypes.name,
  kind: applianceTypes.kind,
  continuous_hours: applianceTypes.continuousHours,
  hourly_min_gal: sql<number>`${applianceTypes.hourlyMinGal}::float8`,
  night_flow: applianceTypes.nightFlow,
  daily_high_gal: sql<number | null>`${applianceTypes.dailyHighGal}::float8`,
  updated_at: applianceTypes.updatedAt,
  updated_by: applianceTypes.updatedBy,
  updated_by_name: sql<
    string | null
  >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

type Row = Omit<FixtureType, 'updated_at'> & { updated_at: Date | null };
const toFixtureType = (row: Row): FixtureType => ({
  ...row,
  // float8 arrives as a number from node-postgres and PGlite alike; Number() keeps both honest.
  hourly_min_gal: Number(row.hourly_min_gal),
  daily_high_gal: row.daily_high_gal === null ? null : Number(row.daily_high_gal),
  updated_at: row.updated_at?.toISOString() ?? null,
});

export function createFixturesRepository(db: Database) {
  const select = (executor: Executor) =>
    executor
      .select(columns)
      .from(applianceTypes)
      .leftJoin(users, eq(users.id, applianceTypes.updatedBy));

  return {
    async list(): Promise<FixtureType[]> {
      return (await select(db).orderBy(asc(applianceTypes.id))).map(toFixtureType);
    },
    async one(id: number, executor: Executor = db): Promise<FixtureType | undefined> {
      const [row] = await select(executor).where(eq(applianceTypes.id, id));
      return row && toFixtureType(row);
    },
    /** Sets the named parameters; the caller's transaction also records the event. */
    async update(executor: Executor, id: number, patch: DetectionPatch, userId: number, at: Date) {
      await executor
        .update(applianceTypes)
        .set({
          ...(patch.continuousHours !== undefined && { continuousHours: patch.continuousHours }),
          ...(patch.hourlyMinGal !== undefined && { hourlyMinGal: String(patch.hourlyMinGal) }),
          ...(patch.nightFlow !== undefined && { nightFlow: patch.nightFlow }),
          ...(patch.dailyHighGal !== undefined && {
            dailyHighGal: patch.dailyHighGal === null ? null : String(patch.dailyHighGal),
          }),
          updatedAt: at,
          updatedBy: userId,
        })
        .where(eq(applianceTypes.id, id));
    },
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction(work),
  };
}
export type FixturesRepository = ReturnType<typeof createFixturesRepository>;
