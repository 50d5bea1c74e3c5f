import { describe, expect, it } from 'vitest';
import {
  incidentsByAlert,
  incidentsMonthlyCost,
  incidentsRate,
  type LeakFacts,
  leakIncidents,
} from './leak-incidents.ts';
import { ApplianceType, NotificationType } from './lookups.ts';

const { ContinuousFlow, NightFlow, UnaccountedWater } = NotificationType;
const MAIN = ApplianceType.MainLine;
const TOILET = ApplianceType.MainToilet;

const alert = (
  id: number,
  fields: Partial<LeakFacts> & Pick<LeakFacts, 'notification_type_id' | 'rate'>,
): LeakFacts => ({
  building_id: 4,
  sensor_id: null,
  appliance_type_id: null,
  water_price: 10,
  id,
  ...fields,
});
const mainContinuous = (id: number, rate: number, sensor = 100) =>
  alert(id, {
    notification_type_id: ContinuousFlow,
    sensor_id: sensor,
    appliance_type_id: MAIN,
    rate,
  });
const mainNight = (id: number, rate: number, sensor = 100) =>
  alert(id, { notification_type_id: NightFlow, sensor_id: sensor, appliance_type_id: MAIN, rate });
const unaccounted = (id: number, rate: number, building = 4) =>
  alert(id, { notification_type_id: UnaccountedWater, building_id: building, rate });
const toilet = (id: number, rate: number, sensor: number, building = 4) =>
  alert(id, {
    notification_type_id: ContinuousFlow,
    sensor_id: sensor,
    appliance_type_id: TOILET,
    building_id: building,
    rate,
  });

describe('leak incidents', () => {
  it('costs a main line, its night flow and the unaccounted water it explains once', () => {
    // A hidden pipe: ~750 gal/day unaccounted, the main line flowing ~720 gal/day all day, and its
    // night hours (two a night) at the same flow — the shape of building 4's alerts on 1 Dec.
    const incidents = leakIncidents([
      unaccounted(11, 22_545),
      mainContinuous(12, 21_592),
      mainNight(13, 1_800),
    ]);
    expect(incidents).toEqual([
      { id: 11, alertIds: [11, 12, 13], buildingId: 4, rate: 22_545, monthlyCost: 225.45 },
    ]);
    // Three alerts' own costs would be $459.37.
    expect(incidentsMonthlyCost(incidents)).toBe(225.45);
  });

  it('counts a fixture leak inside its building’s main line', () => {
    // The toilet's 3,000 gal/month is part of the main line's 5,000: one incident at 5,000.
    const incidents = leakIncidents([mainContinuous(1, 5_000), toilet(2, 3_000, 200)]);
    expect(incidents).toEqual([
      { id: 1, alertIds: [1, 2], buildingId: 4, rate: 5_000, monthlyCost: 50 },
    ]);
  });

  it('takes the parts when they add up to more than the main line saw', () => {
    // The main line's lowest hour under-reads the leaks measured beside it over whole days.
    const incidents = leakIncidents([
      mainContinuous(1, 4_000),
      toilet(2, 3_000, 200),
      unaccounted(3, 2_000),
    ]);
    expect(incidents.map((i) => [i.id, i.alertIds, i.rate])).toEqual([[1, [1, 2, 3], 5_000]]);
  });

  it('keeps the unaccounted water and fixture leaks apart without a main-line alert', () => {
    // Unaccounted water is what no fixture measured, so it never holds a fixture's leak.
    const incidents = leakIncidents([
      unaccounted(3, 2_000),
      toilet(2, 3_000, 200),
      toilet(5, 600, 201),
    ]);
    expect(incidents.map((i) => [i.id, i.alertIds, i.rate])).toEqual([
      [2, [2], 3_000],
      [3, [3], 2_000],
      [5, [5], 600],
    ]);
    expect(incidentsMonthlyCost(incidents)).toBe(56);
    expect(incidentsRate(incidents)).toBe(5_600);
  });

  it('counts one meter’s continuous and night flow once', () => {
    const incidents = leakIncidents([
      alert(7, {
        notification_type_id: NightFlow,
        sensor_id: 9,
        appliance_type_id: TOILET,
        rate: 300,
      }),
      alert(8, {
        notification_type_id: ContinuousFlow,
        sensor_id: 9,
        appliance_type_id: TOILET,
        rate: 2_160,
      }),
    ]);
    expect(incidents.map((i) => [i.id, i.alertIds, i.rate])).toEqual([[8, [8, 7], 2_160]]);
  });

  it('adds the main lines of one building, which carry separate supplies', () => {
    const incidents = leakIncidents([
      mainContinuous(1, 4_000, 100),
      mainContinuous(2, 1_000, 101),
      mainNight(3, 1_500, 101),
      toilet(4, 2_000, 200),
    ]);
    // Main lines 4,000 + 1,500 (the second line's larger alert) against the parts' 2,000.
    expect(incidents.map((i) => [i.id, i.alertIds, i.rate])).toEqual([[1, [1, 2, 3, 4], 5_500]]);
  });

  it('never joins buildings, and prices each at its property', () => {
    const incidents = leakIncidents([
      mainContinuous(1, 1_000),
      { ...toilet(2, 1_000, 200, 5), water_price: 12.5 },
      alert(3, {
        notification_type_id: ContinuousFlow,
        building_id: null,
        sensor_id: 300,
        rate: 700,
      }),
    ]);
    expect(incidents.map((i) => [i.id, i.buildingId, i.monthlyCost])).toEqual([
      [2, 5, 12.5],
      [1, 4, 10],
      [3, null, 7],
    ]);
    const byAlert = incidentsByAlert(incidents);
    expect(byAlert.get(2)?.id).toBe(2);
    expect(byAlert.get(1)?.alertIds).toEqual([1]);
  });

  it('keeps alerts without a rate in their incident at no cost', () => {
    const incidents = leakIncidents([
      mainContinuous(1, 1_000),
      toilet(2, 0, 200),
      unaccounted(3, 0),
    ]);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]?.alertIds).toEqual([1, 2, 3]);
    expect(
      leakIncidents([alert(9, { notification_type_id: ContinuousFlow, sensor_id: 5, rate: null })]),
    ).toEqual([{ id: 9, alertIds: [9], buildingId: 4, rate: 0, monthlyCost: 0 }]);
    expect(leakIncidents([])).toEqual([]);
  });
});
