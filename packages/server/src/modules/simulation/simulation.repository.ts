// Where the in-process simulator remembers its progress: one row of `system_state`, so a restart
// resumes the history backfill and the live stream instead of starting over.
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { systemState } from '../../db/schema/operations.ts';

const STATE_KEY = 'simulation';

export type SimulationProgress = {
  version: 1;
  seed: number;
  /** The instant history ends and the live stream starts (ISO). */
  anchor: string;
  /** The oldest instant of history (ISO). */
  from: string;
  /** History is stored from here up to the anchor; null once it reached `from`. */
  historyBelow: string | null;
  /** The live stream is stored up to here (ISO). */
  liveUntil: string;
};

export function createSimulationRepository(db: Database) {
  return {
    async read(): Promise<SimulationProgress | undefined> {
      const [row] = await db
        .select({ value: systemState.value })
        .from(systemState)
        .where(eq(systemState.key, STATE_KEY));
      if (!row) return undefined;
      const progress = JSON.parse(row.value) as SimulationProgress;
      return progress.version === 1 ? progress : undefined;
    },
    async write(progress: SimulationProgress): Promise<void> {
      const value = JSON.stringify(progress);
      await db
        .insert(systemState)
        .values({ key: STATE_KEY, value })
        .onConflictDoUpdate({ target: systemState.key, set: { value, updatedAt: sql`now()` } });
    },
  };
}
export type SimulationRepository = ReturnType<typeof createSimulationRepository>;
