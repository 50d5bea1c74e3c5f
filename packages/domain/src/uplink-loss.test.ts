import { describe, expect, it } from 'vitest';
import {
  type CounterFrame,
  classifyStep,
  FRAME_COUNTER_MODULUS,
  uplinkLoss,
  uplinkLossOfFrames,
} from './uplink-loss.ts';

const Q = 900;
/** Frames every `intervalS` seconds carrying `seqs` (a missing slot keeps its time gap). */
const frames = (slots: readonly (number | null)[], intervalS: number | null = null) => {
  const out: CounterFrame[] = [];
  slots.forEach((seq, slot) => {
    if (seq !== null) out.push({ seq, atMs: slot * Q * 1000, intervalS });
  });
  return out;
};

describe('uplink loss from frame counters', () => {
  it('counts nothing lost on a complete run', () => {
    expect(uplinkLossOfFrames(frames([5, 6, 7, 8]))).toEqual({
      received: 4,
      expected: 4,
      lost: 0,
      loss_percent: 0,
    });
  });

  it('counts the frames a gap leaves out', () => {
    // 10, 11, (12, 13 lost), 14, (15 lost), 16
    const loss = uplinkLossOfFrames(frames([10, 11, null, null, 14, null, 16], Q));
    expect(loss).toEqual({ received: 4, expected: 7, lost: 3, loss_percent: 42.9 });
  });

  it('receives a repeated counter once', () => {
    const loss = uplinkLossOfFrames(
      [
        { seq: 1, atMs: 0, intervalS: null },
        { seq: 2, atMs: 1000, intervalS: null },
        { seq: 2, atMs: 2000, intervalS: null },
        { seq: 3, atMs: 3000, intervalS: null },
      ],
      FRAME_COUNTER_MODULUS,
    );
    expect(loss).toEqual({ received: 3, expected: 3, lost: 0, loss_percent: 0 });
  });

  it('starts a new run when the counter goes back (rejoin, reboot)', () => {
    // 500, 501, rejoin: 0, 1, (2 lost), 3 — nothing before the reset is counted.
    const loss = uplinkLossOfFrames(frames([500, 501, 0, 1, null, 3]), FRAME_COUNTER_MODULUS);
    expect(loss).toEqual({ received: 5, expected: 6, lost: 1, loss_percent: 16.7 });
    expect(classifyStep({ from: 40_000, to: 3, elapsedS: 900, intervalS: null })).toEqual({
      kind: 'reset',
    });
  });

  it('follows a 16-bit wrap', () => {
    // 65,534, 65,535, (0 lost), 1, 2
    const loss = uplinkLossOfFrames(frames([65_534, 65_535, null, 1, 2], Q));
    expect(loss).toEqual({ received: 4, expected: 5, lost: 1, loss_percent: 20 });
  });

  it('follows a 32-bit wrap', () => {
    const top = FRAME_COUNTER_MODULUS - 1;
    const loss = uplinkLossOfFrames(frames([top - 1, top, null, null, 2]), FRAME_COUNTER_MODULUS);
    expect(loss).toEqual({ received: 3, expected: 5, lost: 2, loss_percent: 40 });
    // Far from the top, the same step back is a reset, on either width.
    expect(classifyStep({ from: 30_000, to: 2, elapsedS: 0, intervalS: null })).toEqual({
      kind: 'reset',
    });
  });

  it('counts no more lost than the receive times confirm', () => {
    // Hourly reports numbered by 15-minute slot: +4 each hour, nothing missing.
    const hourly = [0, 4, 8, 12].map((seq, i) => ({ seq, atMs: i * 3_600_000, intervalS: 3600 }));
    expect(uplinkLossOfFrames(hourly).lost).toBe(0);
    // A jump of 100 after three intervals: two frames missed, not 99.
    expect(classifyStep({ from: 7, to: 107, elapsedS: 3 * Q, intervalS: Q })).toEqual({
      kind: 'next',
      missing: 2,
    });
  });

  it('takes only the irregular steps with the frame count', () => {
    expect(uplinkLoss(100, [{ from: 41, to: 45, elapsedS: 4 * Q, intervalS: Q }])).toEqual({
      received: 100,
      expected: 103,
      lost: 3,
      loss_percent: 2.9,
    });
    expect(uplinkLoss(0, [])).toEqual({ received: 0, expected: 0, lost: 0, loss_percent: 0 });
  });
});
