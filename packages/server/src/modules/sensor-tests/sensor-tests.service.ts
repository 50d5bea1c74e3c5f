// Bench testing (spec section 4, "stock → tested"): a sensor tester or system role records that a
// micrometer in stock passed or failed on the bench; a pass makes it Tested, a failure Defective
// and needs a reason. The failed results stay listed until someone clears them.
import { SensorState } from '@flowsight/domain/lookups';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import {
  type BenchTestRecord,
  failedTestList,
  type SensorTestsRepository,
} from './sensor-tests.repository.ts';
import type { BenchTest, BenchTestInput } from './sensor-tests.schemas.ts';

export const REASON_REQUIRED = 'A reason is required when a micrometer fails';
export const ONLY_STOCK = 'Only micrometers in stock are bench tested';
export const SENSOR_NOT_FOUND = 'Micrometer not found';

const toBenchTest = (row: BenchTestRecord): BenchTest => ({
  ...row,
  tested_at: new Date(row.tested_at).toISOString(),
});

export function createSensorTestsService({ repository }: { repository: SensorTestsRepository }) {
  return {
    async record(scope: Scope, sensorId: number, input: BenchTestInput): Promise<BenchTest> {
      if (!input.passed && !input.reason) throw new Invalid(REASON_REQUIRED);
      const sensor = await repository.sensor(scope, sensorId);
      if (!sensor) throw new NotFound(SENSOR_NOT_FOUND);
      if (sensor.companyId !== null) throw new Conflict(ONLY_STOCK);
      const row = await repository.record(scope, sensor, {
        passed: input.passed,
        notes: input.reason ?? null,
        stateId: input.passed ? SensorState.Tested : SensorState.Defective,
      });
      return toBenchTest(row);
    },

    async listFailed(scope: Scope, input: ListQueryInput, url: string) {
      const query = failedTestList.toQuery(input);
      const { rows, total } = await repository.failedPage(scope, query);
      return listEnvelope(rows.map(toBenchTest), total, query, url);
    },

    async clear(scope: Scope) {
      return { cleared: await repository.clear(scope) };
    },
  };
}

export type SensorTestsService = ReturnType<typeof createSensorTestsService>;
