import { describe, expect, it } from 'vitest';
import { bulkReadings } from './bulk.ts';
import { generateDemoPortfolio } from './demo-portfolio.ts';
import { createFleetSimulation } from './fleet-simulation.ts';
import { backfill } from './generators.ts';

const DAY = 86_400_000;
const to = new Date('2026-11-20T12:15:00Z');
const from = new Date(to.getTime() - 3 * DAY);
const portfolio = generateDemoPortfolio();
const macs = portfolio.sensors
  .filter((s) => s.placement)
  .slice(0, 20)
  .map((s) => s.macAddress);

describe('bulk mode', () => {
  it('yields the backfill’s readings decoded, usage and keep-alives, none twice', () => {
    const simulation = createFleetSimulation({ portfolio, anchor: to, macs });
    const readings = [...bulkReadings(simulation, { from, to })].flat();
    const sent = [...backfill(simulation, { from, to })].flatMap((slice) => slice.uplinks);
    expect(readings.map((r) => r.uplink)).toEqual(sent);
    const kinds = new Set(readings.map((r) => r.frame.kind));
    expect(kinds.has('usage')).toBe(true);
    expect(kinds.has('keepalive')).toBe(true);
    const keys = new Set(readings.map((r) => `${r.uplink.mac}|${r.uplink.receivedAt.getTime()}`));
    expect(keys.size).toBe(readings.length);
    const volume = readings.reduce(
      (sum, r) => sum + (r.frame.kind === 'keepalive' ? 0 : r.frame.volumeMgal),
      0,
    );
    expect(volume).toBeGreaterThan(0);
  });
});
