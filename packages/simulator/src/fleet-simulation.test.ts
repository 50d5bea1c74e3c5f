import { decodeUplink } from '@flowsight/domain/device-protocol';
import { ApplianceType, InstallationType, UnitState } from '@flowsight/domain/lookups';
import { describe, expect, it } from 'vitest';
import { generateDemoPortfolio } from './demo-portfolio.ts';
import { createFleetSimulation, type SimulatedSensor } from './fleet-simulation.ts';
import { backfill } from './generators.ts';
import { chooseLeakScenarios, type LeakKind, leakKinds } from './leak-scenarios.ts';
import { dayNumberOf, isWeekend, localDayStartMs } from './local-time.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const anchor = new Date('2026-11-20T12:00:00Z');
const portfolio = generateDemoPortfolio();
const simulation = createFleetSimulation({ portfolio, anchor });

const showers = new Set<number>([
  ApplianceType.MainShower,
  ApplianceType.SecondShower,
  ApplianceType.ThirdShower,
]);
const occupiedShowers = simulation.sensors.filter(
  (s) =>
    showers.has(s.applianceTypeId) &&
    s.household.kind === 'apartment' &&
    s.installedMs < anchor.getTime() - 60 * DAY,
);

/** Gallons the sensors use in local hours [fromHour, toHour) over the days that pass `which`. */
function gallonsInHours(
  sensors: readonly SimulatedSensor[],
  fromHour: number,
  toHour: number,
  days: readonly number[],
) {
  let gallons = 0;
  for (const sensor of sensors) {
    for (const day of days) {
      const midnight = localDayStartMs(day, sensor.household.timeZone);
      gallons += simulation.use(
        sensor,
        midnight + fromHour * HOUR,
        midnight + toHour * HOUR,
      ).gallons;
    }
  }
  return gallons;
}

const firstDay = dayNumberOf('2026-09-01');
const days = Array.from({ length: 56 }, (_, i) => firstDay + i);
const weekdays = days.filter((d) => !isWeekend(d));
const weekends = days.filter((d) => isWeekend(d));

describe('fleet simulation', () => {
  it('simulates every installed demo sensor that ever transmitted', () => {
    expect(occupiedShowers.length).toBeGreaterThan(50);
    expect(simulation.sensors.length).toBeGreaterThan(1400);
    expect(new Set(simulation.sensors.map((s) => s.mac)).size).toBe(simulation.sensors.length);
  });

  it('gives the same frames for the same seed, and different ones for another seed', () => {
    const macs = simulation.sensors.slice(0, 25).map((s) => s.mac);
    const window = { from: new Date(anchor.getTime() - 3 * DAY), to: anchor };
    const frames = (seed: number) =>
      [...backfill(createFleetSimulation({ seed, portfolio, anchor, macs }), window)].flatMap(
        (slice) =>
          slice.uplinks.map(
            (u) =>
              `${u.mac}|${u.receivedAt.toISOString()}|${Buffer.from(u.payload).toString('hex')}`,
          ),
      );
    const first = frames(7);
    expect(first.length).toBeGreaterThan(1000);
    expect(frames(7)).toEqual(first);
    expect(frames(8)).not.toEqual(first);
  });

  it('sends frames the domain decoder reads, with the interval and firmware they claim', () => {
    const macs = simulation.sensors.slice(0, 60).map((s) => s.mac);
    const subset = createFleetSimulation({ portfolio, anchor, macs });
    const slices = [
      ...backfill(subset, { from: new Date(anchor.getTime() - 2 * DAY), to: anchor }),
    ];
    const kinds = new Set<string>();
    for (const uplink of slices.flatMap((slice) => slice.uplinks)) {
      const decoded = decodeUplink(uplink.port, uplink.payload);
      if (!decoded.ok) throw new Error(decoded.error);
      kinds.add(decoded.frame.kind);
      const sensor = subset.sensors.find((s) => s.mac === uplink.mac);
      if (decoded.frame.kind === 'usage') {
        expect([900, 3600, 43_200]).toContain(decoded.frame.intervalS);
        expect(decoded.frame.flowTimeS).toBeLessThanOrEqual(decoded.frame.intervalS);
      }
      if (decoded.frame.kind === 'keepalive') {
        expect(decoded.frame.firmwareVersion).toBe(sensor?.firmwareVersion);
      }
      expect(uplink.transport).toBe('simulator');
    }
    expect(kinds).toEqual(new Set(['usage', 'usage_v1', 'keepalive']));
  });

  it('keeps showers to a daily rhythm: quiet at night, busy before work', () => {
    const night = gallonsInHours(occupiedShowers, 2, 4, weekdays);
    const morning = gallonsInHours(occupiedShowers, 6, 8, weekdays);
    expect(morning).toBeGreaterThan(500);
    expect(night).toBeLessThan(morning * 0.03);
  });

  it('sleeps in at weekends: weekday mornings peak early, weekend mornings late', () => {
    const perDay = (fromHour: number, toHour: number, set: number[]) =>
      gallonsInHours(occupiedShowers, fromHour, toHour, set) / set.length;
    expect(perDay(6, 8, weekdays)).toBeGreaterThan(perDay(6, 8, weekends) * 2);
    expect(perDay(9, 11, weekends)).toBeGreaterThan(perDay(9, 11, weekdays) * 1.8);
  });

  it('keeps vacant units near zero while occupied ones use water every day', () => {
    const week = weekdays.slice(0, 20);
    const daily = (state: 'vacant' | 'apartment') => {
      const sensors = simulation.sensors.filter(
        (s) => s.household.kind === state && s.applianceTypeId !== ApplianceType.MainLine,
      );
      return gallonsInHours(sensors, 0, 24, week) / sensors.length / week.length;
    };
    const vacantUnits = portfolio.units.filter((u) => u.unitStateId === UnitState.Vacant).length;
    expect(vacantUnits).toBeGreaterThan(0);
    expect(daily('vacant')).toBeLessThan(0.2);
    expect(daily('apartment')).toBeGreaterThan(5);
  });

  it('measures on a main line the sum of its building: at least every measured fixture', () => {
    const mainLine = simulation.sensors.find((s) => s.applianceTypeId === ApplianceType.MainLine);
    if (!mainLine) throw new Error('no main line');
    const day = weekdays[3] ?? firstDay;
    const fixtures = simulation.sensors.filter(
      (s) => s.buildingKey === mainLine.buildingKey && s !== mainLine,
    );
    const main = gallonsInHours([mainLine], 0, 24, [day]);
    const measured = gallonsInHours(fixtures, 0, 24, [day]);
    expect(measured).toBeGreaterThan(0);
    expect(main).toBeGreaterThanOrEqual(measured * 0.999);
  });

  it('drains batteries slowly', () => {
    const sensor = simulation.sensors[0];
    if (!sensor) throw new Error('no sensor');
    const battery = (at: number) => {
      const uplink = simulation.keepaliveUplink(sensor, at, 900);
      const decoded = uplink && decodeUplink(uplink.port, uplink.payload);
      return decoded?.ok && decoded.frame.kind === 'keepalive' ? (decoded.frame.battery ?? 0) : -1;
    };
    const now = battery(anchor.getTime());
    expect(now).toBe(Math.min(100, sensor.batteryAtAnchor));
    expect(battery(anchor.getTime() - 200 * DAY)).toBeGreaterThanOrEqual(now);
    expect(battery(anchor.getTime() - 200 * DAY) - now).toBeLessThanOrEqual(5);
  });
});

describe('leak scenarios', () => {
  const from = new Date(anchor.getTime() - 21 * DAY);
  const to = anchor;
  const scenarios = chooseLeakScenarios(portfolio, { seed: 11, from, to });
  const leaky = createFleetSimulation({ portfolio, anchor, scenarios });

  it('are chosen from the seed: every kind, labelled with sensor, start, end and rate', () => {
    expect(chooseLeakScenarios(portfolio, { seed: 11, from, to })).toEqual(scenarios);
    expect(chooseLeakScenarios(portfolio, { seed: 12, from, to })).not.toEqual(scenarios);
    expect(new Set(scenarios.map((s) => s.kind))).toEqual(new Set(leakKinds));
    for (const scenario of scenarios) {
      expect(scenario.mac).toMatch(/^[0-9A-F]{16}$/);
      expect(Date.parse(scenario.start)).toBeGreaterThanOrEqual(from.getTime());
      expect(Date.parse(scenario.end)).toBeGreaterThan(Date.parse(scenario.start));
    }
    expect(new Set(scenarios.map((s) => s.mac)).size).toBe(scenarios.length);
  });

  const expectedRate: Record<LeakKind, [number, number]> = {
    'running-toilet': [0.4, 0.6],
    'dripping-faucet': [0.015, 0.025],
    burst: [4, 6],
    'main-line-night-flow': [1, 2],
    'hidden-pipe': [0.1, 0.4],
  };

  it('add their labelled flow on top of normal use, at the expected rates', () => {
    for (const scenario of scenarios) {
      const [low, high] = expectedRate[scenario.kind];
      expect(scenario.flowGpm).toBeGreaterThanOrEqual(low);
      expect(scenario.flowGpm).toBeLessThanOrEqual(high);
      const sensorWith = leaky.sensors.find((s) => s.mac === scenario.mac);
      const sensorWithout = simulation.sensors.find((s) => s.mac === scenario.mac);
      if (!sensorWith || !sensorWithout) throw new Error(`leaking sensor ${scenario.mac} missing`);
      const start = Date.parse(scenario.start);
      const end = Date.parse(scenario.end);
      const extra =
        leaky.use(sensorWith, start, end).gallons -
        simulation.use(sensorWithout, start, end).gallons;
      // Night flow runs from 01:00 to 05:00 local time: count those minutes by the local clock.
      const localHour = new Intl.DateTimeFormat('en-US', {
        timeZone: scenario.timeZone,
        hour: 'numeric',
        hourCycle: 'h23',
      });
      let flowingMinutes = 0;
      for (let at = start; at < end; at += 60_000) {
        const hour = Number(localHour.format(at));
        if (scenario.kind !== 'main-line-night-flow' || (hour >= 1 && hour < 5)) {
          flowingMinutes += 1;
        }
      }
      const otherLeaks = scenarios.filter(
        (s) =>
          s !== scenario &&
          leaky.sensors.find((x) => x.mac === s.mac)?.buildingKey === sensorWith.buildingKey,
      );
      // A main line also carries the other leaks of its building.
      const onMainLine =
        scenario.kind === 'main-line-night-flow' || scenario.kind === 'hidden-pipe';
      if (!onMainLine || otherLeaks.length === 0) {
        expect(extra / flowingMinutes).toBeCloseTo(scenario.flowGpm, 3);
      }
      expect(extra).toBeGreaterThan(0);
    }
  });

  it('puts a hidden pipe on its building main line, day and night, and on no fixture', () => {
    const pipe = scenarios.find((s) => s.kind === 'hidden-pipe');
    if (!pipe) throw new Error('no hidden pipe');
    const main = leaky.sensors.find((s) => s.mac === pipe.mac);
    const plain = simulation.sensors.find((s) => s.mac === pipe.mac);
    if (!main || !plain) throw new Error('sensors missing');
    expect(main.applianceTypeId).toBe(ApplianceType.MainLine);
    const building = portfolio.buildings[main.buildingKey];
    expect(building?.installationTypeId).toBe(InstallationType.EveryFixture);
    const start = Date.parse(pipe.start);
    const others = scenarios.filter(
      (s) =>
        s !== pipe && leaky.sensors.find((x) => x.mac === s.mac)?.buildingKey === main.buildingKey,
    );
    // Nothing else of the building leaks in the pipe's first day (seed 11).
    const firstDay = [start, start + 26 * HOUR] as const;
    expect(
      others.filter((s) => Date.parse(s.start) < firstDay[1] && Date.parse(s.end) > start),
    ).toEqual([]);
    // Every hour of its first day, at 03:00 as at 15:00, the main line carries the pipe's flow.
    for (let hour = 1; hour <= 24; hour += 1) {
      const at = start + hour * HOUR;
      const extra =
        leaky.use(main, at, at + HOUR).gallons - simulation.use(plain, at, at + HOUR).gallons;
      expect(extra).toBeCloseTo(pipe.flowGpm * 60, 3);
    }
    // No fixture of the building measures any of it.
    let fixtures = 0;
    for (const fixture of leaky.sensors) {
      if (fixture.buildingKey !== main.buildingKey || fixture === main) continue;
      const without = simulation.sensors.find((s) => s.mac === fixture.mac);
      if (!without) throw new Error(`fixture ${fixture.mac} missing`);
      expect(leaky.use(fixture, ...firstDay).gallons).toBe(
        simulation.use(without, ...firstDay).gallons,
      );
      fixtures += 1;
    }
    expect(fixtures).toBeGreaterThan(20);
  });

  it('shows a running toilet in every hour, night flow only in the small hours', () => {
    const toilet = scenarios.find((s) => s.kind === 'running-toilet');
    const night = scenarios.find((s) => s.kind === 'main-line-night-flow');
    if (!toilet || !night) throw new Error('scenarios missing');
    const sensor = leaky.sensors.find((s) => s.mac === toilet.mac);
    const main = leaky.sensors.find((s) => s.mac === night.mac);
    const plain = simulation.sensors.find((s) => s.mac === night.mac);
    if (!sensor || !main || !plain) throw new Error('sensors missing');
    const start = Date.parse(toilet.start);
    for (let hour = 1; hour < 24; hour += 1) {
      const at = start + hour * HOUR;
      if (at + HOUR > Date.parse(toilet.end)) break;
      expect(leaky.use(sensor, at, at + HOUR).gallons).toBeGreaterThanOrEqual(0.5 * 60 * 0.8);
    }
    const day = dayNumberOf(night.start.slice(0, 10)) + 2;
    const midnight = localDayStartMs(day, night.timeZone);
    const extra = (fromHour: number) =>
      leaky.use(main, midnight + fromHour * HOUR, midnight + (fromHour + 1) * HOUR).gallons -
      simulation.use(plain, midnight + fromHour * HOUR, midnight + (fromHour + 1) * HOUR).gallons;
    if (midnight + 5 * HOUR < Date.parse(night.end)) {
      expect(extra(2)).toBeCloseTo(night.flowGpm * 60, 3);
      expect(extra(12)).toBeCloseTo(0, 6);
    }
  });
});
