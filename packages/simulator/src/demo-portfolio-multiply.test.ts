import { ApplianceType, SensorStatus } from '@flowsight/domain/lookups';
import { describe, expect, it } from 'vitest';
import { generateDemoPortfolio, multiplyDemoPortfolio } from './demo-portfolio.ts';
import { createFleetSimulation } from './fleet-simulation.ts';

const original = generateDemoPortfolio();
const TIMES = 3;
const fleet = multiplyDemoPortfolio(generateDemoPortfolio(), TIMES);
const placed = original.sensors.filter((s) => s.placement);
const stock = original.sensors.filter((s) => !s.placement);

/** A building's shape: its units' names and categories, and the fixtures measured in each. */
function shapeOf(portfolio: typeof fleet, buildingIndex: number) {
  return portfolio.units.flatMap((unit, unitIndex) =>
    unit.buildingIndex === buildingIndex
      ? [
          {
            name: unit.name,
            category: unit.unitCategoryId,
            fixtures: portfolio.sensors
              .filter((s) => s.placement?.unitIndex === unitIndex)
              .map((s) => s.placement?.applianceTypeId),
          },
        ]
      : [],
  );
}

describe('multiplyDemoPortfolio', () => {
  it('leaves the portfolio as it is at 1× and refuses a multiplier that is not a positive integer', () => {
    expect(multiplyDemoPortfolio(original, 1)).toBe(original);
    expect(original).toEqual(generateDemoPortfolio());
    expect(() => multiplyDemoPortfolio(original, 0)).toThrow(/positive integer/);
    expect(() => multiplyDemoPortfolio(original, 1.5)).toThrow(/positive integer/);
  });

  it('keeps the original first and unchanged, then adds the copies of its companies', () => {
    expect(fleet.companies.slice(0, original.companies.length)).toEqual(original.companies);
    expect(fleet.buildings.slice(0, original.buildings.length)).toEqual(original.buildings);
    expect(fleet.units.slice(0, original.units.length)).toEqual(original.units);
    expect(fleet.sensors.slice(0, original.sensors.length)).toEqual(original.sensors);
    expect(fleet.users).toEqual(original.users);
    expect(fleet.companies).toHaveLength(original.companies.length * TIMES);
    expect(fleet.properties).toHaveLength(original.properties.length * TIMES);
    expect(fleet.buildings).toHaveLength(original.buildings.length * TIMES);
    expect(fleet.units).toHaveLength(original.units.length * TIMES);
    expect(fleet.gateways).toHaveLength(original.gateways.length * TIMES);
    expect(fleet.applianceThresholds).toHaveLength(original.applianceThresholds.length * TIMES);
    // Installed micrometers multiply; the stock stays the original's.
    expect(fleet.sensors).toHaveLength(placed.length * TIMES + stock.length);
  });

  it('gives every copy distinct names, MAC addresses and gateway serials, the same from the seed', () => {
    expect(new Set(fleet.companies.map((c) => c.name)).size).toBe(fleet.companies.length);
    expect(fleet.companies[original.companies.length]?.name).toBe(
      `${original.companies[0]?.name} · 2`,
    );
    const macs = fleet.sensors.map((s) => s.macAddress);
    expect(new Set(macs).size).toBe(macs.length);
    for (const mac of macs) expect(mac).toMatch(/^F10A5E[0-9A-F]{10}$/);
    const serials = fleet.gateways.map((g) => g.serialNumber);
    expect(new Set(serials).size).toBe(serials.length);
    for (const serial of serials) expect(serial).toMatch(/^FSGW-20\d\d-\d{4}$/);
    expect(multiplyDemoPortfolio(generateDemoPortfolio(), TIMES)).toEqual(fleet);
    const other = multiplyDemoPortfolio(generateDemoPortfolio(7), TIMES);
    expect(other.sensors.at(-1)?.macAddress).not.toBe(fleet.sensors.at(-1)?.macAddress);
  });

  it('gives every copied building the shape of its original, placed in its own copy', () => {
    const perCopy = original.buildings.length;
    for (let copy = 1; copy < TIMES; copy += 1) {
      for (let b = 0; b < perCopy; b += 1) {
        expect(shapeOf(fleet, b + copy * perCopy)).toEqual(shapeOf(original, b));
      }
    }
    for (const sensor of fleet.sensors) {
      const at = sensor.placement;
      if (!at) continue;
      const unit = fleet.units[at.unitIndex];
      const building = fleet.buildings[at.buildingIndex];
      const property = fleet.properties[at.propertyIndex];
      expect(unit?.buildingIndex).toBe(at.buildingIndex);
      expect(building?.propertyIndex).toBe(at.propertyIndex);
      expect(property?.companyIndex).toBe(at.companyIndex);
    }
    for (const gateway of fleet.gateways) {
      expect(fleet.buildings[gateway.buildingIndex]?.propertyIndex).toBe(gateway.propertyIndex);
    }
  });

  it('simulates a copy with its own water use', () => {
    const copyOf = placed.length + stock.length;
    const first = placed.find(
      (s) =>
        s.sensorStatusId === SensorStatus.Transmitting &&
        s.placement?.applianceTypeId === ApplianceType.KitchenCold,
    );
    if (!first) throw new Error('the demo has no transmitting kitchen micrometer');
    const copied = fleet.sensors[copyOf + original.sensors.indexOf(first)];
    expect(copied?.placement?.applianceTypeId).toBe(ApplianceType.KitchenCold);
    const anchor = new Date('2026-11-20T12:00:00Z');
    const macs = [first.macAddress, copied?.macAddress ?? ''];
    const simulation = createFleetSimulation({ portfolio: fleet, anchor, macs });
    const [a, b] = macs.map((mac) => simulation.sensors.find((s) => s.mac === mac));
    expect(a && b).toBeTruthy();
    if (!a || !b) return;
    const week = (sensor: typeof a) =>
      simulation.use(sensor, anchor.getTime() - 7 * 86_400_000, anchor.getTime()).gallons;
    expect(week(a)).toBeGreaterThan(0);
    expect(week(b)).toBeGreaterThan(0);
    expect(week(b)).not.toBe(week(a));
  });
});
