import { describe, expect, it } from 'vitest';
import { fixtureDefaults } from './fixtures.ts';
import {
  ApplianceType,
  applianceTypes,
  RoomType,
  roomTypes,
  WaterType,
  waterTypes,
} from './lookups.ts';

describe('fixtureDefaults', () => {
  it('gives every appliance type 1–22 a room and a water type that exist in the lookups', () => {
    const roomIds = new Set<number>(roomTypes.map((r) => r.id));
    const waterIds = new Set<number>(waterTypes.map((w) => w.id));
    const defaults: Record<number, { roomTypeId: number; waterTypeId: number } | undefined> =
      fixtureDefaults;
    for (let id = 1; id <= 22; id += 1) {
      expect(applianceTypes.some((a) => a.id === id)).toBe(true);
      const entry = defaults[id];
      expect(entry, `appliance type ${id}`).toBeDefined();
      expect(roomIds.has(entry?.roomTypeId ?? -1), `room of appliance type ${id}`).toBe(true);
      expect(waterIds.has(entry?.waterTypeId ?? -1), `water of appliance type ${id}`).toBe(true);
    }
    expect(Object.keys(fixtureDefaults).map(Number)).toEqual(applianceTypes.map((a) => a.id));
  });

  it('measures showers and tubs after the mixing valve, toilets on cold and dishwashers on hot', () => {
    const {
      MainShower,
      SecondTub,
      ThirdShower,
      MainToilet,
      SecondToilet,
      ThirdToilet,
      Dishwasher,
    } = ApplianceType;
    for (const id of [MainShower, SecondTub, ThirdShower]) {
      expect(fixtureDefaults[id].waterTypeId).toBe(WaterType.Mixed);
    }
    for (const id of [MainToilet, SecondToilet, ThirdToilet]) {
      expect(fixtureDefaults[id].waterTypeId).toBe(WaterType.Cold);
    }
    expect(fixtureDefaults[Dishwasher]).toEqual({
      roomTypeId: RoomType.Kitchen,
      waterTypeId: WaterType.Hot,
    });
  });
});
