import { decodeUplink } from '@flowsight/domain/device-protocol';
import { describe, expect, it } from 'vitest';
import { generateDemoPortfolio } from './demo-portfolio.ts';
import { createFleetSimulation, type SimulatedUplink } from './fleet-simulation.ts';
import {
  backfill,
  backfillWindows,
  countBackfill,
  defaultHistoryBands,
  live,
  planSegments,
  windowUplinks,
} from './generators.ts';

const DAY = 86_400_000;
const to = new Date('2026-11-20T12:15:00Z');
const from = new Date(to.getTime() - 40 * DAY);
const portfolio = generateDemoPortfolio();
// Long-installed, healthy sensors, so their history covers the whole range.
const macs = portfolio.sensors
  .filter(
    (s) =>
      s.placement &&
      s.sensorStatusId === 1 &&
      !s.firmwareVersion.startsWith('1.') &&
      Date.parse(s.installDate) < from.getTime() - DAY,
  )
  .slice(0, 12)
  .map((s) => s.macAddress);
const simulation = createFleetSimulation({ portfolio, anchor: to, macs });

type Report = { mac: string; endMs: number; intervalS: number };
const reportsOf = (uplinks: readonly SimulatedUplink[]): Report[] =>
  uplinks.flatMap((u) => {
    const decoded = decodeUplink(u.port, u.payload);
    return decoded.ok && decoded.frame.kind === 'usage'
      ? [{ mac: u.mac, endMs: u.receivedAt.getTime(), intervalS: decoded.frame.intervalS }]
      : [];
  });

describe('backfill', () => {
  const slices = [...backfill(simulation, { from, to })];
  const uplinks = slices.flatMap((s) => s.uplinks);

  it('plans contiguous bands: 15 minutes for the last day, hourly to 12 days, 12 hours before', () => {
    const segments = planSegments(from, to, defaultHistoryBands);
    expect(segments.map((s) => s.reportIntervalS)).toEqual([43_200, 3_600, 900]);
    expect(segments[0]?.startS).toBe(from.getTime() / 1000);
    expect(segments.at(-1)?.endS).toBe(to.getTime() / 1000);
    for (let i = 1; i < segments.length; i += 1) {
      expect(segments[i]?.startS).toBe(segments[i - 1]?.endS);
    }
  });

  it('yields the newest slices first', () => {
    const starts = slices.map((s) => s.startS);
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    const [newest] = slices;
    expect(newest?.endS).toBe(to.getTime() / 1000);
  });

  it('covers the range for every sensor without gaps or overlaps, banded by age', () => {
    const reports = reportsOf(uplinks);
    for (const mac of macs) {
      const own = reports.filter((r) => r.mac === mac).sort((a, b) => a.endMs - b.endMs);
      expect(own.length).toBeGreaterThan(300);
      for (let i = 1; i < own.length; i += 1) {
        const report = own[i];
        const previous = own[i - 1];
        if (!report || !previous) continue;
        // Each report starts where the previous one ended.
        expect(report.endMs - report.intervalS * 1000).toBe(previous.endMs);
        // Band edges sit on the older band's grid, so each band may reach a little further back.
        const ageMs = to.getTime() - report.endMs;
        if (ageMs < DAY - 900_000) expect(report.intervalS).toBe(900);
        else if (ageMs >= DAY + 3_600_000 && ageMs < 12 * DAY) expect(report.intervalS).toBe(3600);
        else if (ageMs >= 12.5 * DAY + 43_200_000) expect(report.intervalS).toBe(43_200);
        // Newer reports are never longer than older ones (the first may be cut short by the
        // range's start, which is off the 12-hour grid).
        if (i > 1) expect(report.intervalS).toBeLessThanOrEqual(previous.intervalS);
      }
      const first = own[0];
      const last = own.at(-1);
      if (!first || !last) continue;
      const phaseMs = last.endMs - to.getTime();
      expect(phaseMs).toBeGreaterThanOrEqual(0);
      expect(phaseMs).toBeLessThan(900_000);
      expect(first.endMs - first.intervalS * 1000).toBe(from.getTime() + phaseMs);
    }
  });

  it('sends hourly keep-alives lately and fewer of them in older history', () => {
    const keepalives = uplinks.filter((u) => u.port === 2);
    const lastDay = keepalives.filter((u) => u.receivedAt.getTime() > to.getTime() - DAY);
    expect(lastDay.length).toBeGreaterThanOrEqual(macs.length * 23);
    expect(keepalives.length).toBeLessThan(macs.length * (24 + 11 * 4 + 6));
  });

  it('slices each band into 14 of its reports per sensor, from an hour to a week', () => {
    const lengths = new Map<number, number>();
    for (const window of backfillWindows({ from, to })) {
      const length = window.endS - window.startS;
      const longest = lengths.get(window.segment.reportIntervalS) ?? 0;
      lengths.set(window.segment.reportIntervalS, Math.max(longest, length));
    }
    expect(Object.fromEntries(lengths)).toEqual({
      900: 14 * 900,
      3600: 14 * 3_600,
      43200: 7 * 86_400,
    });
  });

  it("makes a slice's uplinks sensor by sensor, in any parts", () => {
    const [window] = [...backfillWindows({ from, to })];
    if (!window) throw new Error('no slice');
    const [slice] = slices;
    const parts = [simulation.sensors.slice(0, 5), simulation.sensors.slice(5)].flatMap((sensors) =>
      windowUplinks(simulation, window, sensors),
    );
    expect(parts.length).toBeGreaterThan(0);
    expect(parts).toEqual(slice?.uplinks);
  });

  it('counts what it will yield, and resumes below a stored slice with exactly the rest', () => {
    expect(Math.abs(countBackfill(simulation, { from, to }) - uplinks.length)).toBeLessThan(
      uplinks.length * 0.01,
    );
    const middle = Math.floor(slices.length / 2);
    const cut = slices[middle];
    if (!cut) throw new Error('too few slices');
    const below = new Date(cut.endS * 1000);
    const rest = [...backfill(simulation, { from, to, below })].flatMap((s) => s.uplinks);
    const expected = slices.slice(middle).flatMap((s) => s.uplinks);
    expect(rest.map((u) => `${u.mac}${u.receivedAt.getTime()}`)).toEqual(
      expected.map((u) => `${u.mac}${u.receivedAt.getTime()}`),
    );
  });
});

describe('live', () => {
  it('continues the backfill seamlessly at an accelerated clock', async () => {
    let clock = to.getTime();
    const windows = live(simulation, {
      from: to,
      speed: 60,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    const streamed: SimulatedUplink[] = [];
    for await (const window of windows) {
      streamed.push(...window.uplinks);
      if (window.until.getTime() >= to.getTime() + 2 * 3_600_000) break;
    }
    const history = [...backfill(simulation, { from: new Date(to.getTime() - DAY), to })].flatMap(
      (s) => s.uplinks,
    );
    const reports = reportsOf([...history, ...streamed]);
    for (const mac of macs) {
      const own = reports.filter((r) => r.mac === mac).sort((a, b) => a.endMs - b.endMs);
      const boundary = own.findIndex((r) => r.endMs > to.getTime() + 900_000);
      const before = own[boundary - 1];
      const after = own[boundary];
      if (!before || !after) throw new Error('live did not continue');
      expect(after.endMs - after.intervalS * 1000).toBe(before.endMs);
      expect(own.filter((r) => r.endMs > to.getTime() + 900_000).length).toBeGreaterThanOrEqual(7);
    }
    // Nothing twice: receive time and MAC are unique.
    const keys = [...history, ...streamed].map((u) => `${u.mac}|${u.receivedAt.getTime()}`);
    expect(new Set(keys).size).toBe(keys.length);
    // Live keep-alives come hourly.
    const liveKeepalives = streamed.filter((u) => u.port === 2);
    expect(liveKeepalives.length).toBeGreaterThanOrEqual(macs.length);
  });
});
