// Queries of a company's appliance thresholds (`company_appliance_thresholds`) next to the fixture
// types' own daily highs, and of its unaccounted-water threshold (`company_unaccounted_thresholds`).
// The company is reached only through `visibleCompany(scope)`, so a company outside the caller's
// scope is simply not found and its thresholds never change.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { eqWhenGiven } from '../../db/queries/when-given.ts';
import { companyApplianceThresholds, companyUnaccountedThresholds } from '../../db/schema/fleet.ts';
import { applianceTypes } from '../../db/schema/lookups.ts';
import { companies } from '../../db/schema/portfolio.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

/** One fixture type with the company's threshold (null: none) and the type's default. */
export type ApplianceThreshold = {
  appliance_type_id: number;
  name: string;
  threshold: number | null;
  default_threshold: number | null;
};

/** The company's own unaccounted-water values (null: the default applies). */
export type UnaccountedThresholdRow = {
  share_percent: number | null;
  min_gallons_per_day: number | null;
};

const visibleCompany = (scope: Scope) => scopeCondition(scope, { companyId: companies.id });

const toNumber = (value: number | string | null) => (value === null ? null : Number(value));

export function createThresholdsRepository(db: Database) {
  /** Every fixture type (or one) with the company's threshold, in id order. */
  async function rows(executor: Executor, companyId: number, applianceTypeId?: number) {
    const found = await executor
      .select({
        appliance_type_id: applianceTypes.id,
        name: applianceTypes.name,
        // float8 arrives as a number from node-postgres and PGlite alike.
        threshold: sql<number | null>`${companyApplianceThresholds.threshold}::float8`,
        default_threshold: sql<number | null>`${applianceTypes.dailyHighGal}::float8`,
      })
      .from(applianceTypes)
      .leftJoin(
        companyApplianceThresholds,
        and(
          eq(companyApplianceThresholds.applianceTypeId, applianceTypes.id),
          eq(companyApplianceThresholds.companyId, companyId),
        ),
      )
      .where(eqWhenGiven(applianceTypes.id, applianceTypeId))
      .orderBy(asc(applianceTypes.id));
    return found.map(
      (row): ApplianceThreshold => ({
        ...row,
        threshold: toNumber(row.threshold),
        default_threshold: toNumber(row.default_threshold),
      }),
    );
  }

  async function unaccountedRow(
    executor: Executor,
    companyId: number,
  ): Promise<UnaccountedThresholdRow> {
    const [row] = await executor
      .select({
        share_percent: sql<number | null>`${companyUnaccountedThresholds.sharePercent}::float8`,
        min_gallons_per_day: sql<
          number | null
        >`${companyUnaccountedThresholds.minGallonsPerDay}::float8`,
      })
      .from(companyUnaccountedThresholds)
      .where(eq(companyUnaccountedThresholds.companyId, companyId));
    return {
      share_percent: toNumber(row?.share_percent ?? null),
      min_gallons_per_day: toNumber(row?.min_gallons_per_day ?? null),
    };
  }

  /** Locks the company row for a change when the caller can see it. */
  async function lockVisibleCompany(tx: Transaction, scope: Scope, companyId: number) {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, companyId), visibleCompany(scope)))
      .for('update');
    return company !== undefined;
  }

  return {
    /** The id of the company when the caller can see it. */
    async companyId(scope: Scope, companyId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), visibleCompany(scope)));
      return row?.id;
    },

    list: (companyId: number) => rows(db, companyId),

    /**
     * Sets (a number) or removes (null) the company's threshold for one fixture type and records
     * the event in the same transaction, when the company is visible to the caller. Answers the
     * row before and after, or undefined when the company is not visible (nothing changed).
     */
    async set(
      scope: Scope,
      companyId: number,
      applianceTypeId: number,
      threshold: number | null,
      event: (before: ApplianceThreshold, after: ApplianceThreshold) => EventInput | null,
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        if (!(await lockVisibleCompany(tx, scope, companyId))) return undefined;
        const [before] = await rows(tx, companyId, applianceTypeId);
        if (!before) return undefined;
        if (threshold === null) {
          await tx
            .delete(companyApplianceThresholds)
            .where(
              and(
                eq(companyApplianceThresholds.companyId, companyId),
                eq(companyApplianceThresholds.applianceTypeId, applianceTypeId),
              ),
            );
        } else {
          await tx
            .insert(companyApplianceThresholds)
            .values({ companyId, applianceTypeId, threshold: threshold.toFixed(3), updatedAt: at })
            .onConflictDoUpdate({
              target: [
                companyApplianceThresholds.companyId,
                companyApplianceThresholds.applianceTypeId,
              ],
              set: { threshold: threshold.toFixed(3), updatedAt: at },
            });
        }
        const [after] = await rows(tx, companyId, applianceTypeId);
        if (!after) return undefined;
        const change = event(before, after);
        if (change) await recordEvent(tx, scope, change);
        return { before, after };
      });
    },

    unaccounted: (companyId: number) => unaccountedRow(db, companyId),

    /**
     * Sets the company's unaccounted-water values (a row without values is removed) and records
     * the event in the same transaction, when the company is visible to the caller. Answers the
     * values before and after, or undefined when the company is not visible (nothing changed).
     */
    async setUnaccounted(
      scope: Scope,
      companyId: number,
      values: UnaccountedThresholdRow,
      event: (before: UnaccountedThresholdRow, after: UnaccountedThresholdRow) => EventInput | null,
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        if (!(await lockVisibleCompany(tx, scope, companyId))) return undefined;
        const before = await unaccountedRow(tx, companyId);
        if (values.share_percent === null && values.min_gallons_per_day === null) {
          await tx
            .delete(companyUnaccountedThresholds)
            .where(eq(companyUnaccountedThresholds.companyId, companyId));
        } else {
          const stored = {
            sharePercent: values.share_percent?.toFixed(1) ?? null,
            minGallonsPerDay: values.min_gallons_per_day?.toFixed(3) ?? null,
            updatedAt: at,
          };
          await tx
            .insert(companyUnaccountedThresholds)
            .values({ companyId, ...stored })
            .onConflictDoUpdate({ target: companyUnaccountedThresholds.companyId, set: stored });
        }
        const after = await unaccountedRow(tx, companyId);
        const change = event(before, after);
        if (change) await recordEvent(tx, scope, change);
        return { before, after };
      });
    },
  };
}
export type ThresholdsRepository = ReturnType<typeof createThresholdsRepository>;
