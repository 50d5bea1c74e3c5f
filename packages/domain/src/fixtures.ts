// Where each fixture (appliance type) of a unit sits and which water it carries: the room type and
// water type a micrometer on it is recorded with unless the installer says otherwise. The
// assignment and installer screens prefill from it; the demo portfolio places its sensors with it.
import {
  ApplianceType,
  type ApplianceTypeId,
  RoomType,
  type RoomTypeId,
  WaterType,
  type WaterTypeId,
} from './lookups.ts';

export type FixtureDefault = {
  readonly roomTypeId: RoomTypeId;
  readonly waterTypeId: WaterTypeId;
};

/**
 * The room a fixture sits in and the water it carries. Showers and tubs are measured after the
 * mixing valve; toilets, washing machines and supply lines are cold; dishwashers are fed hot.
 * `notes` carries no water; it gets "Other" and cold only so that every type has a default.
 */
export const fixtureDefaults = {
  [ApplianceType.KitchenCold]: { roomTypeId: RoomType.Kitchen, waterTypeId: WaterType.Cold },
  [ApplianceType.KitchenHot]: { roomTypeId: RoomType.Kitchen, waterTypeId: WaterType.Hot },
  [ApplianceType.MainBathroomCold]: {
    roomTypeId: RoomType.MainBathroom,
    waterTypeId: WaterType.Cold,
  },
  [ApplianceType.MainBathroomHot]: {
    roomTypeId: RoomType.MainBathroom,
    waterTypeId: WaterType.Hot,
  },
  [ApplianceType.MainToilet]: { roomTypeId: RoomType.MainBathroom, waterTypeId: WaterType.Cold },
  [ApplianceType.MainShower]: { roomTypeId: RoomType.MainBathroom, waterTypeId: WaterType.Mixed },
  [ApplianceType.MainTub]: { roomTypeId: RoomType.MainBathroom, waterTypeId: WaterType.Mixed },
  [ApplianceType.SecondBathroomCold]: {
    roomTypeId: RoomType.SecondBathroom,
    waterTypeId: WaterType.Cold,
  },
  [ApplianceType.SecondBathroomHot]: {
    roomTypeId: RoomType.SecondBathroom,
    waterTypeId: WaterType.Hot,
  },
  [ApplianceType.SecondToilet]: {
    roomTypeId: RoomType.SecondBathroom,
    waterTypeId: WaterType.Cold,
  },
  [ApplianceType.WashingMachine]: { roomTypeId: RoomType.Laundry, waterTypeId: WaterType.Cold },
  [ApplianceType.Dishwasher]: { roomTypeId: RoomType.Kitchen, waterTypeId: WaterType.Hot },
  [ApplianceType.Notes]: { roomTypeId: RoomType.Other, waterTypeId: WaterType.Cold },
  [ApplianceType.SecondShower]: {
    roomTypeId: RoomType.SecondBathroom,
    waterTypeId: WaterType.Mixed,
  },
  [ApplianceType.SecondTub]: { roomTypeId: RoomType.SecondBathroom, waterTypeId: WaterType.Mixed },
  [ApplianceType.ThirdBathroomCold]: {
    roomTypeId: RoomType.ThirdBathroom,
    waterTypeId: WaterType.Cold,
  },
  [ApplianceType.ThirdBathroomHot]: {
    roomTypeId: RoomType.ThirdBathroom,
    waterTypeId: WaterType.Hot,
  },
  [ApplianceType.ThirdToilet]: { roomTypeId: RoomType.ThirdBathroom, waterTypeId: WaterType.Cold },
  [ApplianceType.MainLine]: { roomTypeId: RoomType.MechanicalRoom, waterTypeId: WaterType.Cold },
  [ApplianceType.ThirdShower]: { roomTypeId: RoomType.ThirdBathroom, waterTypeId: WaterType.Mixed },
  [ApplianceType.ThirdTub]: { roomTypeId: RoomType.ThirdBathroom, waterTypeId: WaterType.Mixed },
  [ApplianceType.WaterLine]: { roomTypeId: RoomType.UtilityRoom, waterTypeId: WaterType.Cold },
} as const satisfies Record<ApplianceTypeId, FixtureDefault>;
