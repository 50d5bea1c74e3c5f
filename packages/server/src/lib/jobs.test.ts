import { describe, expect, it } from 'vitest';
import { combineJobs, intervalJob, type Job } from './jobs.ts';

describe('combineJobs', () => {
  it('starts in order once, stops in reverse, and stopping twice or before starting is harmless', async () => {
    const calls: string[] = [];
    const job = (name: string): Job => ({
      start: async () => {
        calls.push(`start ${name}`);
      },
      stop: async () => {
        calls.push(`stop ${name}`);
      },
    });
    const jobs = combineJobs([job('a'), job('b'), job('c')]);
    await jobs.stop();
    await jobs.start();
    await jobs.start();
    await jobs.stop();
    await jobs.stop();
    expect(calls).toEqual(['start a', 'start b', 'start c', 'stop c', 'stop b', 'stop a']);
  });
});

describe('intervalJob', () => {
  it('runs at start when asked, one round at a time, and stop waits for the round in flight', async () => {
    const events: string[] = [];
    let release: () => void = () => {};
    const job = intervalJob({
      intervalMs: 5,
      atStart: true,
      round: async () => {
        events.push('start');
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        events.push('end');
      },
      onError: () => events.push('error'),
    });
    await job.start();
    expect(events).toEqual(['start']);
    // Rounds fall due meanwhile, but none starts before the one running ends.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).toEqual(['start']);
    const stopped = job.stop();
    let done = false;
    void stopped.then(() => {
      done = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toBe(false);
    // Release each queued round until the chain drains; stop resolves after the last.
    for (let i = 0; i < 20 && !done; i++) {
      release();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await stopped;
    expect(events.filter((e) => e === 'start').length).toBe(
      events.filter((e) => e === 'end').length,
    );
    expect(events.slice(0, 2)).toEqual(['start', 'end']);
  });

  it('reports a failed round and goes on with the next', async () => {
    const errors: unknown[] = [];
    let rounds = 0;
    const job = intervalJob({
      intervalMs: 1,
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error('first round failed');
      },
      onError: (error) => errors.push(error),
    });
    await job.start();
    expect(rounds).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await job.stop();
    expect(errors).toEqual([new Error('first round failed')]);
    expect(rounds).toBeGreaterThan(1);
  });
});
