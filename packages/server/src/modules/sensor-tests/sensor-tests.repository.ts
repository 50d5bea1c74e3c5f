// Queries of bench test results (`sensor_tests`): the sensor a tester may see, a recorded result
// together with the sensor's new state, the list of sensors whose latest uncleared result failed,
// and clearing the results. Stock micrometers belong to no company, so the tenant scope does not
// apply to them: system roles see every sensor, the sensor tester only those in stock.
import { and, count, eq, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { sensors, sensorTests } from '../../db/schema/fleet.ts';
import { users } from '../../db/schema/identity.ts';
import { defineList, type ListQuery } from '../../lib/list-query.ts';
import { type Scope, seesEverything } from '../../lib/tenant-scope.ts';

/** A bench test result as the API answers it. */
export type BenchTestRecord = {
  id: number;
  sensor_id: number;
  mac_address: string;
  passed: boolean;
  notes: string | null;
  tested_at: Date;
  tester_name: string | null;
};

const testerName = sql<
  string | null
>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const testColumns = {
  id: sensorTests.id,
  sensor_id: sensorTests.sensorId,
  mac_address: sensors.macAddress,
  passed: sensorTests.passed,
  notes: sensorTests.notes,
  tested_at: sensorTests.testedAt,
  tester_name: testerName,
};

/** Sensors the caller may bench test: every sensor for system roles, stock for the tester. */
const benchVisible = (scope: Scope): SQL | undefined =>
  seesEverything(scope) ? undefined : isNull(sensors.companyId);

/** The result is its sensor's latest uncleared one. */
const latestUncleared = sql`not exists (
  select 1 from sensor_tests newer where newer.sensor_id = ${sensorTests.sensorId}
    and newer.cleared_at is null
    and (newer.tested_at > ${sensorTests.testedAt}
      or (newer.tested_at = ${sensorTests.testedAt} and newer.id > ${sensorTests.id})))`;

export const failedTestList = defineList({
  sortable: {
    tested_at: sensorTests.testedAt,
    mac_address: sensors.macAddress,
    tester_name: testerName,
  },
  filterable: {
    mac_address: { column: sensors.macAddress, type: 'string' },
    tested_at: { column: sensorTests.testedAt, type: 'date' },
    notes: { column: sensorTests.notes, type: 'string' },
    sensor_id: { column: sensorTests.sensorId, type: 'number' },
  },
  searchable: [sensors.macAddress, sensorTests.notes],
  defaultSort: [{ field: 'tested_at', direction: 'DESC' }],
  tieBreaker: sensorTests.id,
});

export type BenchSensor = {
  id: number;
  macAddress: string;
  companyId: number | null;
  stateId: number;
};

export function createSensorTestsRepository(db: Database) {
  return {
    /** The sensor, when the caller may bench test it. */
    async sensor(scope: Scope, id: number): Promise<BenchSensor | undefined> {
      const [row] = await db
        .select({
          id: sensors.id,
          macAddress: sensors.macAddress,
          companyId: sensors.companyId,
          stateId: sensors.sensorStateId,
        })
        .from(sensors)
        .where(and(eq(sensors.id, id), benchVisible(scope)));
      return row;
    },

    /** Stores the result and the sensor's new state, with its event, in one transaction. */
    async record(
      scope: Scope,
      sensor: BenchSensor,
      result: { passed: boolean; notes: string | null; stateId: number },
    ): Promise<BenchTestRecord> {
      return db.transaction(async (tx) => {
        const [test] = await tx
          .insert(sensorTests)
          .values({
            sensorId: sensor.id,
            testerUserId: scope.userId,
            passed: result.passed,
            notes: result.notes,
          })
          .returning({ id: sensorTests.id });
        if (!test) throw new Error('bench test not stored');
        await tx
          .update(sensors)
          .set({ sensorStateId: result.stateId, updatedAt: new Date() })
          .where(eq(sensors.id, sensor.id));
        await recordEvent(tx, scope, {
          entityType: 'sensor',
          entityId: sensor.id,
          action: result.passed ? 'bench_test_passed' : 'bench_test_failed',
          companyId: sensor.companyId,
          from: { sensor_state_id: sensor.stateId },
          to: { sensor_state_id: result.stateId, passed: result.passed },
          note: result.notes,
        });
        const [row] = await tx
          .select(testColumns)
          .from(sensorTests)
          .innerJoin(sensors, eq(sensors.id, sensorTests.sensorId))
          .leftJoin(users, eq(users.id, sensorTests.testerUserId))
          .where(eq(sensorTests.id, test.id));
        if (!row) throw new Error('bench test not found after insert');
        return row;
      });
    },

    /** One page of the sensors whose latest uncleared result is a failure. */
    async failedPage(scope: Scope, query: ListQuery) {
      const where = and(
        isNull(sensorTests.clearedAt),
        not(sensorTests.passed),
        latestUncleared,
        benchVisible(scope),
        query.where,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(testColumns)
          .from(sensorTests)
          .innerJoin(sensors, eq(sensors.id, sensorTests.sensorId))
          .leftJoin(users, eq(users.id, sensorTests.testerUserId))
          .where(where)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset),
        db
          .select({ n: count() })
          .from(sensorTests)
          .innerJoin(sensors, eq(sensors.id, sensorTests.sensorId))
          .leftJoin(users, eq(users.id, sensorTests.testerUserId))
          .where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Marks every uncleared result cleared (sensor states stay), one event per sensor. */
    async clear(scope: Scope): Promise<number> {
      return db.transaction(async (tx) => {
        const cleared = await tx
          .update(sensorTests)
          .set({ clearedAt: new Date() })
          .where(isNull(sensorTests.clearedAt))
          .returning({ sensorId: sensorTests.sensorId });
        const perSensor = new Map<number, number>();
        for (const { sensorId } of cleared) {
          perSensor.set(sensorId, (perSensor.get(sensorId) ?? 0) + 1);
        }
        for (const [sensorId, results] of perSensor) {
          await recordEvent(tx, scope, {
            entityType: 'sensor',
            entityId: sensorId,
            action: 'bench_results_cleared',
            companyId: null,
            note: `${results} bench test result${results === 1 ? '' : 's'} cleared`,
          });
        }
        return cleared.length;
      });
    },
  };
}

export type SensorTestsRepository = ReturnType<typeof createSensorTestsRepository>;
