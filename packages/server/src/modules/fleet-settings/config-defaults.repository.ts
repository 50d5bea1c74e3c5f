// The fleet-wide default of each sensor configuration parameter (`sensor_config_defaults`).
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { sensorConfigDefaults } from '../../db/schema/lookups.ts';
import type { ConfigDefault } from './fleet-settings.schemas.ts';

const columns = {
  id: sensorConfigDefaults.id,
  name: sensorConfigDefaults.name,
  unit: sensorConfigDefaults.unit,
  min_value: sensorConfigDefaults.minValue,
  max_value: sensorConfigDefaults.maxValue,
  value: sensorConfigDefaults.value,
  editable: sensorConfigDefaults.editable,
};

export function createConfigDefaultsRepository(db: Database) {
  return {
    list: (): Promise<ConfigDefault[]> =>
      db.select(columns).from(sensorConfigDefaults).orderBy(asc(sensorConfigDefaults.id)),
    async one(executor: Executor, id: number): Promise<ConfigDefault | undefined> {
      const [row] = await executor
        .select(columns)
        .from(sensorConfigDefaults)
        .where(eq(sensorConfigDefaults.id, id))
        .for('update');
      return row;
    },
    async setValue(executor: Executor, id: number, value: number): Promise<ConfigDefault> {
      const [row] = await executor
        .update(sensorConfigDefaults)
        .set({ value })
        .where(eq(sensorConfigDefaults.id, id))
        .returning(columns);
      if (!row) throw new Error(`configuration default ${id} vanished`);
      return row;
    },
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
  };
}
export type ConfigDefaultsRepository = ReturnType<typeof createConfigDefaultsRepository>;
