import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

/** A computation the test settles by hand, counting its runs. */
function controlled() {
  const settle: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  let runs = 0;
  const compute = () =>
    new Promise<number>((resolve, reject) => {
      runs += 1;
      settle.push({ resolve, reject });
    });
  return { compute, settle, runs: () => runs };
}

describe('singleFlight', () => {
  it('gives callers that overlap one run the same answer', async () => {
    const c = controlled();
    const shared = singleFlight(c.compute);
    const first = shared();
    const second = shared();
    const third = shared();
    expect(c.runs()).toBe(1);
    c.settle[0]?.resolve(42);
    expect(await Promise.all([first, second, third])).toEqual([42, 42, 42]);
  });

  it('computes afresh for a caller after the run settled: nothing is kept', async () => {
    const c = controlled();
    const shared = singleFlight(c.compute);
    const first = shared();
    c.settle[0]?.resolve(1);
    expect(await first).toBe(1);
    const second = shared();
    expect(c.runs()).toBe(2);
    c.settle[1]?.resolve(2);
    expect(await second).toBe(2);
  });

  it('shares a failure with the overlapping callers only, then tries again', async () => {
    const c = controlled();
    const shared = singleFlight(c.compute);
    const first = shared();
    const second = shared();
    c.settle[0]?.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');
    const third = shared();
    expect(c.runs()).toBe(2);
    c.settle[1]?.resolve(7);
    expect(await third).toBe(7);
  });
});
