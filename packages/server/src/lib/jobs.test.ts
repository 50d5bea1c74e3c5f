import { describe, expect, it } from 'vitest';
import { combineJobs, type Job } from './jobs.ts';

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
