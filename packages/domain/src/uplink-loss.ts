// Lost uplinks from frame counters: a device numbers its frames, so a gap in the numbers
// a micrometer's readings carry, in the order they were received, is frames that never arrived.
// The counter is the v2 usage report's `seq` (16 bits, wraps at 65,536) or the LoRaWAN frame
// counter (32 bits). Rules:
// - the same counter again (a redelivery, a repeat) is received once, not a loss;
// - a forward step of d (modulo the counter's width, so 65,535 → 2 is a wrap with 2 missing)
//   misses d − 1 frames — but no more than the receive times confirm when the frames say how long
//   they cover (`intervalS`): a step after one report interval misses nothing, whatever the numbers
//   say (a device that numbers its reporting slots rather than its frames, a counter restarted on a
//   larger value);
// - a step back that is not a wrap (the counter going back, e.g. to 0 after a rejoin or a
//   reboot) starts a new run: nothing before its first frame is counted as lost.
// The server keeps the data small: per micrometer the number of frames and only the steps that are
// not "+1" (`irregularStep`), which is all the rule needs.

/** How many frames back a wrap may land: a step back to below this after the top is a wrap. */
export const COUNTER_WRAP_WINDOW = 1024;
/** The window over which a micrometer's loss rate is computed. */
export const UPLINK_LOSS_WINDOW_DAYS = 7;
/** Width of the v2 usage report's sequence number. */
export const REPORT_COUNTER_MODULUS = 65_536;
/** Width of the LoRaWAN frame counter. */
export const FRAME_COUNTER_MODULUS = 2 ** 32;

export type CounterStep = {
  /** The counter of the earlier frame. */
  from: number;
  /** The counter of the next frame received. */
  to: number;
  /** Seconds between the two receive times. */
  elapsedS: number;
  /** The report interval the later frame covers, when it says (v2 usage reports). */
  intervalS: number | null;
};

export type UplinkLoss = {
  received: number;
  expected: number;
  lost: number;
  /** Lost per cent of expected, one decimal; 0 when nothing was expected. */
  loss_percent: number;
};

/** Whether a step is anything but the next counter (the only steps the rule needs). */
export const irregularStep = (from: number, to: number, modulus = REPORT_COUNTER_MODULUS) =>
  to !== (from + 1) % modulus;

/** What one step between consecutive frames means: a repeat, a new run, or `missing` frames. */
export function classifyStep(
  step: CounterStep,
  modulus = REPORT_COUNTER_MODULUS,
): { kind: 'duplicate' } | { kind: 'reset' } | { kind: 'next'; missing: number } {
  const { from, to } = step;
  if (to === from) return { kind: 'duplicate' };
  if (to < from && modulus - from + to > COUNTER_WRAP_WINDOW) return { kind: 'reset' };
  const distance = (((to - from) % modulus) + modulus) % modulus;
  let missing = distance - 1;
  if (step.intervalS !== null && step.intervalS > 0) {
    const slots = Math.max(1, Math.round(step.elapsedS / step.intervalS));
    missing = Math.min(missing, slots - 1);
  }
  return { kind: 'next', missing: Math.max(0, missing) };
}

/**
 * The loss over a micrometer's frames: `frames` received in the window, `steps` the irregular
 * steps between consecutive ones (regular "+1" steps miss nothing and need not be passed).
 */
export function uplinkLoss(
  frames: number,
  steps: readonly CounterStep[],
  modulus = REPORT_COUNTER_MODULUS,
): UplinkLoss {
  let received = frames;
  let missing = 0;
  for (const step of steps) {
    const meaning = classifyStep(step, modulus);
    if (meaning.kind === 'duplicate') received -= 1;
    else if (meaning.kind === 'next') missing += meaning.missing;
  }
  received = Math.max(0, received);
  const expected = received + missing;
  return {
    received,
    expected,
    lost: missing,
    loss_percent: expected === 0 ? 0 : Math.round((missing / expected) * 1000) / 10,
  };
}

export type CounterFrame = { seq: number; atMs: number; intervalS: number | null };

/** The loss over frames in the order they were received (sorted by receive time). */
export function uplinkLossOfFrames(
  frames: readonly CounterFrame[],
  modulus = REPORT_COUNTER_MODULUS,
): UplinkLoss {
  const steps: CounterStep[] = [];
  for (let i = 1; i < frames.length; i += 1) {
    const prev = frames[i - 1] as CounterFrame;
    const next = frames[i] as CounterFrame;
    if (!irregularStep(prev.seq, next.seq, modulus)) continue;
    steps.push({
      from: prev.seq,
      to: next.seq,
      elapsedS: (next.atMs - prev.atMs) / 1000,
      intervalS: next.intervalS,
    });
  }
  return uplinkLoss(frames.length, steps, modulus);
}
