// Where each fixture (appliance type) of a unit sits and which water it carries: the room type
// and water type a micrometer on it is recorded with. Used by the demo portfolio and the
// simulator's installer flows.
import { type ApplianceTypeId, WaterType } from '@flowsight/domain/lookups';

// Room type and appliance type ids of `@flowsight/domain/lookups`, which lists them without named
// constants; the tests check every one against the catalogue by name.
export const RoomTypeId = {
  Kitchen: 1,
  MainBathroom: 2,
  SecondBathroom: 3,
  ThirdBathroom: 4,
  Laundry: 5,
  UtilityRoom: 6,
  MechanicalRoom: 7,
  Other: 8,
} as const;
export const Fixture = {
  KitchenCold: 1,
  KitchenHot: 2,
  MainBathroomCold: 3,
  MainBathroomHot: 4,
  MainToilet: 5,
  MainShower: 6,
  MainTub: 7,
  SecondBathroomCold: 8,
  SecondBathroomHot: 9,
  SecondToilet: 10,
  WashingMachine: 11,
  Dishwasher: 12,
  Notes: 13,
  SecondShower: 14,
  SecondTub: 15,
  ThirdBathroomCold: 16,
  ThirdBathroomHot: 17,
  ThirdToilet: 18,
  MainLine: 19,
  ThirdShower: 20,
  ThirdTub: 21,
  WaterLine: 22,
} as const satisfies Record<string, ApplianceTypeId>;

type RoomTypeIdValue = (typeof RoomTypeId)[keyof typeof RoomTypeId];
type WaterTypeIdValue = (typeof WaterType)[keyof typeof WaterType];

/**
 * The room a fixture sits in and the water it carries. Showers and tubs are measured after the
 * mixing valve; toilets, washing machines and supply lines are cold; dishwashers are fed hot.
 */
export const fixtureRoomAndWater = {
  1: { roomTypeId: RoomTypeId.Kitchen, waterTypeId: WaterType.Cold },
  2: { roomTypeId: RoomTypeId.Kitchen, waterTypeId: WaterType.Hot },
  3: { roomTypeId: RoomTypeId.MainBathroom, waterTypeId: WaterType.Cold },
  4: { roomTypeId: RoomTypeId.MainBathroom, waterTypeId: WaterType.Hot },
  5: { roomTypeId: RoomTypeId.MainBathroom, waterTypeId: WaterType.Cold },
  6: { roomTypeId: RoomTypeId.MainBathroom, waterTypeId: WaterType.Mixed },
  7: { roomTypeId: RoomTypeId.MainBathroom, waterTypeId: WaterType.Mixed },
  8: { roomTypeId: RoomTypeId.SecondBathroom, waterTypeId: WaterType.Cold },
  9: { roomTypeId: RoomTypeId.SecondBathroom, waterTypeId: WaterType.Hot },
  10: { roomTypeId: RoomTypeId.SecondBathroom, waterTypeId: WaterType.Cold },
  11: { roomTypeId: RoomTypeId.Laundry, waterTypeId: WaterType.Cold },
  12: { roomTypeId: RoomTypeId.Kitchen, waterTypeId: WaterType.Hot },
  13: { roomTypeId: RoomTypeId.Other, waterTypeId: WaterType.Cold },
  14: { roomTypeId: RoomTypeId.SecondBathroom, waterTypeId: WaterType.Mixed },
  15: { roomTypeId: RoomTypeId.SecondBathroom, waterTypeId: WaterType.Mixed },
  16: { roomTypeId: RoomTypeId.ThirdBathroom, waterTypeId: WaterType.Cold },
  17: { roomTypeId: RoomTypeId.ThirdBathroom, waterTypeId: WaterType.Hot },
  18: { roomTypeId: RoomTypeId.ThirdBathroom, waterTypeId: WaterType.Cold },
  19: { roomTypeId: RoomTypeId.MechanicalRoom, waterTypeId: WaterType.Cold },
  20: { roomTypeId: RoomTypeId.ThirdBathroom, waterTypeId: WaterType.Mixed },
  21: { roomTypeId: RoomTypeId.ThirdBathroom, waterTypeId: WaterType.Mixed },
  22: { roomTypeId: RoomTypeId.UtilityRoom, waterTypeId: WaterType.Cold },
} as const satisfies Record<
  ApplianceTypeId,
  { roomTypeId: RoomTypeIdValue; waterTypeId: WaterTypeIdValue }
>;
