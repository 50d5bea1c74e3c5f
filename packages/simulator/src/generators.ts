// Streams of simulated uplinks, free of any database or network: `backfill` writes history over
// a time range, newest first, with longer reports the older the history (a year of 15-minute
// reports would be 35,000 rows per sensor); `live` follows the clock, in real time or faster.
// Report ends sit on multiples of the report interval plus the sensor's phase, so bands, slices
// and the live stream meet without gaps or overlaps and a redelivered slice repeats the same
// frames exactly.
import {
  type FleetSimulation,
  KEEPALIVE_OFFSET_S,
  type SimulatedSensor,
  type SimulatedUplink,
} from './fleet-simulation.ts';

/** Reports of one age band: history younger than `maxAgeS` (null: any age) is reported this way. */
export type ReportBand = {
  readonly maxAgeS: number | null;
  readonly reportIntervalS: number;
  readonly keepaliveIntervalS: number;
};

/**
 * Every chart window filled at its resolution: the last day at 15 minutes (hourly chart), the
 * last 12 days hourly (daily chart, detection), older months in 12-hour reports (weekly and
 * monthly charts); keep-alives thin out with age too.
 */
export const defaultHistoryBands: readonly ReportBand[] = [
  { maxAgeS: 86_400, reportIntervalS: 900, keepaliveIntervalS: 3_600 },
  { maxAgeS: 12 * 86_400, reportIntervalS: 3_600, keepaliveIntervalS: 21_600 },
  { maxAgeS: null, reportIntervalS: 43_200, keepaliveIntervalS: 7 * 86_400 },
];

/** Live sensors report every 15 minutes and send a keep-alive every hour. */
export const LIVE_REPORT_INTERVAL_S = 900;
export const LIVE_KEEPALIVE_INTERVAL_S = 3_600;

/** A stretch of history reported one way; times in seconds, before each sensor's phase. */
export type Segment = {
  readonly startS: number;
  readonly endS: number;
  readonly reportIntervalS: number;
  readonly keepaliveIntervalS: number;
};

const floorTo = (value: number, step: number) => Math.floor(value / step) * step;

/** Rounds down to the finest report grid, the instant a backfill or live stream starts from. */
export const alignToReportGrid = (date: Date): Date =>
  new Date(floorTo(date.getTime(), LIVE_REPORT_INTERVAL_S * 1000));

/** Cuts [from, to] into the bands' segments, oldest first. */
export function planSegments(from: Date, to: Date, bands: readonly ReportBand[]): Segment[] {
  const fromS = Math.floor(from.getTime() / 1000);
  const toS = Math.floor(to.getTime() / 1000);
  if (bands.length === 0) throw new RangeError('at least one report band is needed');
  for (const band of bands) {
    if (band.reportIntervalS < 60 || band.reportIntervalS > 65_535) {
      throw new RangeError('a report interval must be 60 to 65535 seconds');
    }
  }
  const segments: Segment[] = [];
  let endS = toS;
  for (const [index, band] of bands.entries()) {
    const older = bands[index + 1];
    let startS = fromS;
    if (band.maxAgeS !== null && older) {
      // The boundary sits on the older band's grid, so its reports tile up to it exactly.
      startS = Math.max(fromS, Math.min(endS, floorTo(toS - band.maxAgeS, older.reportIntervalS)));
    }
    if (startS < endS) {
      segments.push({
        startS,
        endS,
        reportIntervalS: band.reportIntervalS,
        keepaliveIntervalS: band.keepaliveIntervalS,
      });
    }
    endS = startS;
    if (endS <= fromS) break;
  }
  return segments.reverse();
}

/** Report ends of a segment in (loS, hiS], each with the start of the interval it covers. */
function reportEnds(segment: Segment, loS: number, hiS: number): [endS: number, startS: number][] {
  const step = segment.reportIntervalS;
  const lo = Math.max(loS, segment.startS);
  const hi = Math.min(hiS, segment.endS);
  const ends: [number, number][] = [];
  for (let end = floorTo(lo, step) + step; end <= hi; end += step) {
    ends.push([end, Math.max(segment.startS, end - step)]);
  }
  // A segment ending off its grid closes with a shorter report.
  if (hi === segment.endS && segment.endS % step !== 0 && segment.endS > lo) {
    ends.push([segment.endS, Math.max(segment.startS, floorTo(segment.endS, step))]);
  }
  return ends;
}

function keepaliveTimes(segment: Segment, loS: number, hiS: number): number[] {
  const step = segment.keepaliveIntervalS;
  const lo = Math.max(loS, segment.startS);
  const hi = Math.min(hiS, segment.endS);
  const times: number[] = [];
  for (let at = floorTo(lo, step) + step; at <= hi; at += step) times.push(at);
  return times;
}

/** Uplinks of one sensor whose grid times fall in (loS, hiS] of the segment. */
function sensorUplinks(
  simulation: FleetSimulation,
  sensor: SimulatedSensor,
  segment: Segment,
  loS: number,
  hiS: number,
  out: SimulatedUplink[],
) {
  const phaseMs = sensor.phaseS * 1000;
  for (const [endS, startS] of reportEnds(segment, loS, hiS)) {
    const uplink = simulation.usageUplink(sensor, endS * 1000 + phaseMs, endS - startS);
    if (uplink) out.push(uplink);
  }
  for (const atS of keepaliveTimes(segment, loS, hiS)) {
    const uplink = simulation.keepaliveUplink(
      sensor,
      (atS + KEEPALIVE_OFFSET_S) * 1000 + phaseMs,
      segment.reportIntervalS,
    );
    if (uplink) out.push(uplink);
  }
}

export type BackfillOptions = {
  from: Date;
  to: Date;
  bands?: readonly ReportBand[];
  /** Resume: skip slices ending after this instant (they were stored before). */
  below?: Date;
};

/** A stretch of history ready to store; once stored, `startS` is where a resumed backfill continues. */
export type BackfillSlice = {
  readonly startS: number;
  readonly endS: number;
  readonly uplinks: SimulatedUplink[];
};

/** A slice before its uplinks are made (`windowUplinks`): its times and its band's reports. */
export type BackfillWindow = {
  readonly startS: number;
  readonly endS: number;
  readonly segment: Segment;
};

/**
 * Slice length per report interval: 14 reports per sensor (within an hour to a week), so a
 * slice's transactions hold a few sensors' fortnights of reports rather than every sensor's one
 * or two, and write fewer daily, monthly and sensor rows per reading.
 */
const sliceSeconds = (segment: Segment) =>
  Math.min(7 * 86_400, Math.max(3_600, segment.reportIntervalS * 14));

/** The slices of history over [from, to], newest first, without their uplinks. */
export function* backfillWindows(options: BackfillOptions): Generator<BackfillWindow> {
  const segments = planSegments(options.from, options.to, options.bands ?? defaultHistoryBands);
  const belowS = options.below ? Math.floor(options.below.getTime() / 1000) : Infinity;
  for (const segment of [...segments].reverse()) {
    const length = sliceSeconds(segment);
    for (let hiS = segment.endS; hiS > segment.startS; ) {
      const loS = Math.max(segment.startS, floorTo(hiS - 1, length));
      if (hiS <= belowS) yield { startS: loS, endS: hiS, segment };
      hiS = loS;
    }
  }
}

/** The uplinks of a window from `sensors` (default: all), sensor by sensor. */
export function windowUplinks(
  simulation: FleetSimulation,
  window: BackfillWindow,
  sensors: readonly SimulatedSensor[] = simulation.sensors,
): SimulatedUplink[] {
  const uplinks: SimulatedUplink[] = [];
  for (const sensor of sensors) {
    sensorUplinks(simulation, sensor, window.segment, window.startS, window.endS, uplinks);
  }
  return uplinks;
}

/** History over [from, to], newest slice first, every sensor's uplinks of a slice together. */
export function* backfill(
  simulation: FleetSimulation,
  options: BackfillOptions,
): Generator<BackfillSlice> {
  for (const window of backfillWindows(options)) {
    yield { startS: window.startS, endS: window.endS, uplinks: windowUplinks(simulation, window) };
  }
}

/** How many uplinks `backfill` yields (for progress reports), without generating them. */
export function countBackfill(simulation: FleetSimulation, options: BackfillOptions): number {
  const segments = planSegments(options.from, options.to, options.bands ?? defaultHistoryBands);
  const belowS = options.below ? Math.floor(options.below.getTime() / 1000) : Infinity;
  let count = 0;
  for (const sensor of simulation.sensors) {
    const phase = sensor.phaseS;
    const silentS = sensor.silentFromMs === null ? Infinity : sensor.silentFromMs / 1000;
    for (const segment of segments) {
      const firstS = Math.max(segment.startS, Math.ceil(sensor.installedMs / 1000) - phase);
      const lastS = Math.min(segment.endS, belowS, Math.floor(silentS) - phase);
      if (lastS <= firstS) continue;
      count += Math.floor((lastS - firstS) / segment.reportIntervalS);
      count += Math.floor((lastS - firstS) / segment.keepaliveIntervalS);
    }
  }
  return count;
}

export type LiveOptions = {
  /** Where the stream starts (the end of the backfill); default now. */
  from?: Date;
  /** Simulated seconds per real second; default 1. */
  speed?: number;
  /** Window of simulated time gathered into one yield; default 60 s. */
  stepS?: number;
  signal?: AbortSignal;
  /** Clock (tests). */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** One window of the live stream; once stored, `until` is where a restarted stream resumes. */
export type LiveWindow = { readonly until: Date; readonly uplinks: SimulatedUplink[] };

/**
 * Uplinks as they fall due: 15-minute reports and hourly keep-alives from `from` on, each window
 * yielded once the (possibly accelerated) clock has passed it. Behind the clock it catches up at
 * once. Ends when the signal aborts.
 */
export async function* live(
  simulation: FleetSimulation,
  options: LiveOptions = {},
): AsyncGenerator<LiveWindow> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const speed = options.speed ?? 1;
  const stepS = options.stepS ?? 60;
  const startMs = (options.from ?? alignToReportGrid(new Date(now()))).getTime();
  const wallStart = now();
  const simulatedNow = () => startMs + (now() - wallStart) * speed;
  const segment: Segment = {
    startS: Math.floor(startMs / 1000),
    endS: Number.MAX_SAFE_INTEGER,
    reportIntervalS: LIVE_REPORT_INTERVAL_S,
    keepaliveIntervalS: LIVE_KEEPALIVE_INTERVAL_S,
  };
  let cursorS = segment.startS;
  while (!options.signal?.aborted) {
    const untilS = cursorS + stepS;
    const waitMs = (untilS * 1000 - simulatedNow()) / speed;
    if (waitMs > 0) {
      await sleep(waitMs, options.signal);
      continue;
    }
    const uplinks: SimulatedUplink[] = [];
    for (const sensor of simulation.sensors) {
      // A window of receive times is a window of grid times shifted by the sensor's phase.
      const phase = sensor.phaseS;
      const usage: SimulatedUplink[] = [];
      for (const [endS, fromS] of reportEnds(segment, cursorS - phase, untilS - phase)) {
        const uplink = simulation.usageUplink(sensor, (endS + phase) * 1000, endS - fromS);
        if (uplink) usage.push(uplink);
      }
      const offset = phase + KEEPALIVE_OFFSET_S;
      for (const atS of keepaliveTimes(segment, cursorS - offset, untilS - offset)) {
        const uplink = simulation.keepaliveUplink(
          sensor,
          (atS + offset) * 1000,
          LIVE_REPORT_INTERVAL_S,
        );
        if (uplink) usage.push(uplink);
      }
      uplinks.push(...usage);
    }
    uplinks.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
    cursorS = untilS;
    yield { until: new Date(untilS * 1000), uplinks };
  }
}
