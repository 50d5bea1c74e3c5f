// When detection runs after ingest: the sensors of recent readings are evaluated together after a
// short wait; a batch of readings older than anything the rules read (a history back-fill) is not
// evaluated at all, since it cannot change what they find.
import { afterEach, describe, expect, it } from 'vitest';
import { createAlertEngine } from './alerts.engine.ts';
import { createAlertJobs } from './alerts.jobs.ts';

type Listener = (event: { sensorIds: readonly number[]; at: Date; newestMeasuredAt: Date }) => void;

const NOW = new Date('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** The jobs over a fake ingest and an engine whose rules are stubbed; answers what was evaluated. */
function startJobs() {
  const listeners: Listener[] = [];
  const evaluated: number[][] = [];
  // The real engine's window (no database is touched by `evaluates`).
  const { evaluates } = createAlertEngine({} as never, () => NOW);
  const jobs = createAlertJobs({
    engine: {
      evaluates,
      evaluate: async (ids) => {
        evaluated.push([...ids].sort((a, b) => a - b));
        return [];
      },
      sweep: async () => null,
    },
    ingest: {
      onIngested: (listener) => {
        listeners.push(listener);
        return () => listeners.splice(listeners.indexOf(listener), 1).length > 0;
      },
    },
    log: { warn: () => {} },
    debounceMs: 20,
    sweepMs: 3_600_000,
  });
  jobs.start();
  stops.push(() => jobs.stop());
  const ingested = (sensorIds: number[], newestMeasuredAt: Date) => {
    for (const listener of listeners) listener({ sensorIds, at: NOW, newestMeasuredAt });
  };
  return { ingested, evaluated };
}

describe('detection after ingest', () => {
  it('evaluates the sensors of recent readings once, together', async () => {
    const { ingested, evaluated } = startJobs();
    ingested([3, 1], new Date(NOW.getTime() - 15 * 60_000));
    ingested([2], new Date(NOW.getTime() - 5 * 24 * HOUR));
    await settle();
    expect(evaluated).toEqual([[1, 2, 3]]);
  });

  it('leaves batches of readings older than the rules read to the sweep', async () => {
    const { ingested, evaluated } = startJobs();
    // The rules read 6 days and 2 hours back (night flow's 3 nights and today, plus two days).
    ingested([1, 2], new Date(NOW.getTime() - (6 * 24 + 3) * HOUR));
    ingested([3], new Date(NOW.getTime() - 200 * 24 * HOUR));
    await settle();
    expect(evaluated).toEqual([]);
    ingested([4], new Date(NOW.getTime() - (6 * 24 + 1) * HOUR));
    await settle();
    expect(evaluated).toEqual([[4]]);
  });
});
