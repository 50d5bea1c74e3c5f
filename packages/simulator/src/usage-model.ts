// How much water each simulated fixture draws, and when. A fixture's use on one local day is a
// list of water events (a flush, a shower, a dishwasher fill) drawn from a PRNG seeded by the
// simulation seed, the unit, the fixture type and the day, so any interval's volume is the same
// however the interval is cut and whichever order the days are generated in. Draw counts scale
// with the unit's occupants; their hours follow a daily rhythm per activity, different on
// weekends, in the property's local time. Vacant units stay near zero; common areas and shops
// keep their own hours. A building's main line is the sum of every fixture in the building.
import { ApplianceType, type ApplianceTypeId } from '@flowsight/domain/lookups';
import { type DayNumber, isWeekend, localDayStartMs, monthOf, weekdayOf } from './local-time.ts';
import { createRandom, type Random } from './random.ts';

/** One draw of water: `flowGpm` gallons per minute for `durationS` seconds from `startMs`. */
export type WaterEvent = {
  readonly startMs: number;
  readonly durationS: number;
  readonly flowGpm: number;
};

export type HouseholdKind =
  | 'apartment'
  | 'vacant'
  | 'renovation'
  | 'retail'
  | 'amenity'
  | 'laundry-room'
  | 'services';

/** Whoever uses a unit's water: a household, a shop, the users of a common area. */
export type Household = {
  /** Stable key of the unit (its index in the demo portfolio). */
  readonly unitKey: number;
  readonly kind: HouseholdKind;
  /** People (or people-equivalents for shops and common areas) drawing water on a usual day. */
  readonly occupants: number;
  readonly timeZone: string;
  /** Bathrooms in the unit; splits bathroom use between them. */
  readonly bathrooms: number;
  /** Outdoor use (irrigation, pool house) follows the season. */
  readonly seasonal: boolean;
};

// Relative use per local hour (0–23). Bathrooms peak before work and in the evening; weekends
// start later and spread out.
const curves = {
  bathroom: {
    weekday: [
      0.3, 0.15, 0.08, 0.08, 0.15, 0.8, 3, 4, 3, 1.5, 1, 1, 1.2, 1, 0.9, 1, 1.3, 1.8, 2.2, 2.2, 2,
      2, 1.6, 0.8,
    ],
    weekend: [
      0.6, 0.4, 0.2, 0.1, 0.1, 0.2, 0.6, 1.5, 2.6, 3, 2.6, 2, 1.6, 1.4, 1.3, 1.3, 1.4, 1.7, 2, 2, 2,
      1.9, 1.6, 1.1,
    ],
  },
  shower: {
    weekday: [
      0.05, 0.02, 0.01, 0.01, 0.05, 0.8, 4.5, 5, 3, 1, 0.4, 0.3, 0.2, 0.2, 0.2, 0.3, 0.5, 0.9, 1.2,
      1.4, 1.6, 1.7, 1.2, 0.4,
    ],
    weekend: [
      0.1, 0.05, 0.02, 0.01, 0.01, 0.05, 0.4, 1.5, 3.2, 3.8, 3.2, 2, 1, 0.6, 0.5, 0.5, 0.6, 0.9,
      1.2, 1.3, 1.4, 1.3, 0.9, 0.4,
    ],
  },
  kitchen: {
    weekday: [
      0.2, 0.1, 0.05, 0.05, 0.1, 0.5, 2, 2.5, 1.5, 0.8, 0.7, 1, 1.5, 1, 0.8, 0.9, 1.4, 2.5, 3.2, 3,
      2, 1.2, 0.7, 0.4,
    ],
    weekend: [
      0.3, 0.2, 0.1, 0.05, 0.05, 0.1, 0.4, 1.2, 2.2, 2.6, 2.2, 1.8, 2, 1.5, 1.1, 1.1, 1.5, 2.4, 3,
      2.8, 2, 1.4, 0.9, 0.5,
    ],
  },
  dishwasher: {
    weekday: [
      0.3, 0.1, 0, 0, 0, 0, 0.2, 0.5, 0.3, 0.2, 0.2, 0.2, 0.3, 0.3, 0.2, 0.2, 0.3, 0.5, 1, 2, 3.5,
      3.5, 2.5, 1,
    ],
    weekend: [
      0.3, 0.1, 0, 0, 0, 0, 0.1, 0.3, 0.5, 0.8, 1, 1, 1.5, 1.5, 1, 0.8, 0.8, 1, 1.5, 2.2, 3, 3, 2,
      1,
    ],
  },
  laundry: {
    weekday: [
      0.05, 0, 0, 0, 0, 0.1, 0.6, 1.2, 0.8, 0.4, 0.4, 0.4, 0.5, 0.5, 0.5, 0.6, 0.8, 1.4, 2, 2.2, 2,
      1.5, 0.8, 0.3,
    ],
    weekend: [
      0.05, 0, 0, 0, 0, 0, 0.2, 0.8, 1.8, 2.5, 2.8, 2.8, 2.5, 2.2, 2, 1.8, 1.6, 1.4, 1.2, 1, 0.8,
      0.5, 0.3, 0.1,
    ],
  },
  business: {
    weekday: [
      0, 0, 0, 0, 0, 0, 0.1, 0.8, 1.5, 2, 2, 2.2, 2.8, 2.4, 2, 2, 2, 2, 1.6, 0.8, 0.2, 0, 0, 0,
    ],
    weekend: [
      0, 0, 0, 0, 0, 0, 0, 0.2, 0.6, 1.2, 1.6, 1.8, 2, 1.8, 1.6, 1.4, 1.2, 0.8, 0.3, 0, 0, 0, 0, 0,
    ],
  },
  amenity: {
    weekday: [
      0, 0, 0, 0, 0, 0.5, 2, 2.5, 1.5, 0.8, 0.7, 0.8, 1.2, 1, 0.8, 0.9, 1.3, 2.3, 2.8, 2.2, 1.5,
      0.8, 0.3, 0,
    ],
    weekend: [
      0, 0, 0, 0, 0, 0.1, 0.5, 1.2, 2, 2.4, 2.4, 2.2, 2, 1.8, 1.8, 1.7, 1.6, 1.5, 1.3, 1, 0.6, 0.3,
      0.1, 0,
    ],
  },
  workday: {
    weekday: [0, 0, 0, 0, 0, 0, 0, 0.8, 2, 2, 2, 1.8, 2.2, 2, 2, 1.8, 1, 0.2, 0, 0, 0, 0, 0, 0],
    weekend: [0, 0, 0, 0, 0, 0, 0, 0, 0.2, 0.3, 0.3, 0.3, 0.2, 0.2, 0.1, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  },
} as const satisfies Record<string, { weekday: readonly number[]; weekend: readonly number[] }>;
export type CurveName = keyof typeof curves;

/** The hourly rhythm of an activity on a given day (for tests and documentation). */
export const hourlyRhythm = (curve: CurveName, weekend: boolean): readonly number[] =>
  weekend ? curves[curve].weekend : curves[curve].weekday;

/** One kind of draw: how often per occupant per day, when, and what one draw looks like. */
type Draw = {
  readonly perOccupant: number;
  readonly curve: CurveName;
  /** Gallons per minute, drawn uniformly in [min, max]. */
  readonly flowGpm: readonly [number, number];
  /** Seconds, drawn uniformly in [min, max]. */
  readonly durationS: readonly [number, number];
  /** A machine cycle: this many fills spaced `gapS` apart. */
  readonly fills?: { readonly count: number; readonly gapS: readonly [number, number] };
  /** Weekend draws per occupant, when they differ from weekdays. */
  readonly weekendPerOccupant?: number;
};

// A flush is ~1.6 gal refilled at ~2.5 gal/min; a shower ~2 gal/min for ~8 min; a bath ~40 gal.
const flush: Draw = { perOccupant: 5, curve: 'bathroom', flowGpm: [2.2, 2.8], durationS: [34, 42] };
const shower: Draw = {
  perOccupant: 0.75,
  curve: 'shower',
  flowGpm: [1.8, 2.2],
  durationS: [300, 660],
};
const bath: Draw = {
  perOccupant: 0.07,
  curve: 'shower',
  flowGpm: [4.5, 5.5],
  durationS: [420, 540],
};
const bathroomSinkCold: Draw = {
  perOccupant: 5,
  curve: 'bathroom',
  flowGpm: [0.8, 1.5],
  durationS: [5, 35],
};
const bathroomSinkHot: Draw = { ...bathroomSinkCold, perOccupant: 3 };
const kitchenCold: Draw = {
  perOccupant: 9,
  curve: 'kitchen',
  flowGpm: [1.2, 2],
  durationS: [8, 50],
};
const kitchenHot: Draw = { ...kitchenCold, perOccupant: 5 };
const dishwasherCycle: Draw = {
  perOccupant: 0.22,
  curve: 'dishwasher',
  flowGpm: [1.3, 1.7],
  durationS: [28, 36],
  fills: { count: 5, gapS: [720, 1080] },
};
const laundryLoad: Draw = {
  perOccupant: 0.13,
  weekendPerOccupant: 0.3,
  curve: 'laundry',
  flowGpm: [2.5, 3.5],
  durationS: [70, 100],
  fills: { count: 4, gapS: [600, 840] },
};
const janitorSink: Draw = {
  perOccupant: 6,
  weekendPerOccupant: 3,
  curve: 'workday',
  flowGpm: [2, 4],
  durationS: [120, 300],
};

/** Bathroom of each bathroom fixture: 0 main, 1 second, 2 third. */
const bathroomOf: Partial<Record<ApplianceTypeId, number>> = {
  [ApplianceType.MainBathroomCold]: 0,
  [ApplianceType.MainBathroomHot]: 0,
  [ApplianceType.MainToilet]: 0,
  [ApplianceType.MainShower]: 0,
  [ApplianceType.MainTub]: 0,
  [ApplianceType.SecondBathroomCold]: 1,
  [ApplianceType.SecondBathroomHot]: 1,
  [ApplianceType.SecondToilet]: 1,
  [ApplianceType.SecondShower]: 1,
  [ApplianceType.SecondTub]: 1,
  [ApplianceType.ThirdBathroomCold]: 2,
  [ApplianceType.ThirdBathroomHot]: 2,
  [ApplianceType.ThirdToilet]: 2,
  [ApplianceType.ThirdShower]: 2,
  [ApplianceType.ThirdTub]: 2,
};

const bathroomShares: Record<number, readonly number[]> = {
  1: [1],
  2: [0.65, 0.35],
  3: [0.5, 0.3, 0.2],
};

/** The draws a fixture type makes in a lived-in unit. Main line and notes draw nothing. */
function drawsOf(applianceTypeId: ApplianceTypeId): readonly Draw[] {
  switch (applianceTypeId) {
    case ApplianceType.KitchenCold:
      return [kitchenCold];
    case ApplianceType.KitchenHot:
      return [kitchenHot];
    case ApplianceType.MainBathroomCold:
    case ApplianceType.SecondBathroomCold:
    case ApplianceType.ThirdBathroomCold:
      return [bathroomSinkCold];
    case ApplianceType.MainBathroomHot:
    case ApplianceType.SecondBathroomHot:
    case ApplianceType.ThirdBathroomHot:
      return [bathroomSinkHot];
    case ApplianceType.MainToilet:
    case ApplianceType.SecondToilet:
    case ApplianceType.ThirdToilet:
      return [flush];
    case ApplianceType.MainShower:
    case ApplianceType.SecondShower:
    case ApplianceType.ThirdShower:
      return [shower];
    case ApplianceType.MainTub:
    case ApplianceType.SecondTub:
    case ApplianceType.ThirdTub:
      // Most tubs have a shower head; now and then someone takes a bath.
      return [{ ...shower, perOccupant: 0.6 }, bath];
    case ApplianceType.WashingMachine:
      return [laundryLoad];
    case ApplianceType.Dishwasher:
      return [dishwasherCycle];
    case ApplianceType.WaterLine:
      return [janitorSink];
    case ApplianceType.MainLine:
    case ApplianceType.Notes:
      return [];
    default: {
      const unreachable: never = applianceTypeId;
      return unreachable;
    }
  }
}

/** Hash of any keys into a 32-bit seed (FNV-1a over their text). */
export function seedOf(...keys: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  const text = keys.join('|');
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function poisson(random: Random, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 40) {
    // Normal approximation; Knuth's product would underflow.
    const u = Math.max(random.next(), 1e-12);
    const v = random.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.max(0, Math.round(mean + z * Math.sqrt(mean)));
  }
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random.next();
  while (product > limit) {
    count += 1;
    product *= random.next();
  }
  return count;
}

const uniform = (random: Random, [min, max]: readonly [number, number]) =>
  min + random.next() * (max - min);

function pickHour(random: Random, weights: readonly number[]): number {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let threshold = random.next() * total;
  for (let hour = 0; hour < weights.length; hour += 1) {
    threshold -= weights[hour] ?? 0;
    if (threshold < 0) return hour;
  }
  return weights.length - 1;
}

/**
 * How lived-in a unit is on a day: households are sometimes away (a weekend trip), and busier or
 * quieter than usual. Shared by all fixtures of the unit, so they move together.
 */
export function householdDayFactor(seed: number, household: Household, day: DayNumber): number {
  const random = createRandom(seedOf(seed, 'day', household.unitKey, day));
  if (household.kind === 'apartment' && random.chance(0.03)) return 0;
  const base = 0.75 + random.next() * 0.5;
  if (!household.seasonal) return base;
  const month = monthOf(day);
  const season = month >= 6 && month <= 8 ? 1 : month === 5 || month === 9 ? 0.5 : 0.05;
  return base * season;
}

/** Expected draws of one kind on a day, before the day's own variation. */
function meanDraws(
  household: Household,
  applianceTypeId: ApplianceTypeId,
  draw: Draw,
  day: DayNumber,
) {
  const weekend = isWeekend(day);
  const perOccupant = weekend ? (draw.weekendPerOccupant ?? draw.perOccupant) : draw.perOccupant;
  const bathroom = bathroomOf[applianceTypeId];
  const shares = bathroomShares[Math.min(3, Math.max(1, household.bathrooms))] ?? [1];
  const share = bathroom === undefined ? 1 : (shares[bathroom] ?? 0.2);
  // The janitor's sink serves the building, however many people use the room it is in.
  if (draw === janitorSink) return perOccupant * (household.kind === 'services' ? 1 : 0.3);
  switch (household.kind) {
    case 'apartment':
    case 'retail':
    case 'amenity':
    case 'laundry-room':
    case 'services':
      return perOccupant * household.occupants * share;
    case 'vacant':
      // A showing or an inspection now and then: a flush, a tap run.
      return draw === flush || draw === kitchenCold || draw === bathroomSinkCold ? 0.04 : 0;
    case 'renovation':
      if (weekdayOf(day) === 0 || weekdayOf(day) === 6) return 0;
      return draw === flush ? 3 : draw === kitchenCold || draw === bathroomSinkCold ? 5 : 0;
    default: {
      const unreachable: never = household.kind;
      return unreachable;
    }
  }
}

const curveFor = (household: Household, draw: Draw): CurveName => {
  switch (household.kind) {
    case 'retail':
      return 'business';
    case 'amenity':
      return 'amenity';
    case 'vacant':
    case 'renovation':
    case 'services':
      return 'workday';
    case 'laundry-room':
      return draw === laundryLoad ? 'amenity' : 'workday';
    case 'apartment':
      return draw.curve;
    default: {
      const unreachable: never = household.kind;
      return unreachable;
    }
  }
};

const eventCache = new Map<string, readonly WaterEvent[]>();

/** The water events of one fixture of a unit on one local day, sorted by start. */
export function fixtureDayEvents(
  seed: number,
  household: Household,
  applianceTypeId: ApplianceTypeId,
  day: DayNumber,
): readonly WaterEvent[] {
  const key = `${seed}|${household.unitKey}|${applianceTypeId}|${day}`;
  const cached = eventCache.get(key);
  if (cached) return cached;
  const random = createRandom(seedOf(seed, household.unitKey, applianceTypeId, day));
  const factor = householdDayFactor(seed, household, day);
  const dayStart = localDayStartMs(day, household.timeZone);
  const events: WaterEvent[] = [];
  const weekend = isWeekend(day);
  for (const draw of drawsOf(applianceTypeId)) {
    const count = poisson(random, meanDraws(household, applianceTypeId, draw, day) * factor);
    const weights = hourlyRhythm(curveFor(household, draw), weekend);
    for (let i = 0; i < count; i += 1) {
      const hour = pickHour(random, weights);
      let startMs = dayStart + (hour * 3600 + random.next() * 3600) * 1000;
      const flowGpm = uniform(random, draw.flowGpm);
      for (let fill = 0; fill < (draw.fills?.count ?? 1); fill += 1) {
        const durationS = Math.round(uniform(random, draw.durationS));
        events.push({ startMs: Math.round(startMs), durationS, flowGpm });
        if (draw.fills) startMs += (durationS + uniform(random, draw.fills.gapS)) * 1000;
      }
    }
  }
  if (household.kind === 'services' && applianceTypeId === ApplianceType.WaterLine) {
    const month = monthOf(day);
    // Landscape irrigation before dawn from May to September.
    if (month >= 5 && month <= 9) {
      events.push({ startMs: dayStart + 5 * 3_600_000, durationS: 1500, flowGpm: 8 });
    }
  }
  events.sort((a, b) => a.startMs - b.startMs);
  if (eventCache.size > 100_000) eventCache.clear();
  eventCache.set(key, events);
  return events;
}

/** Events never run longer than this, so a day's events end within this of the next midnight. */
export const LONGEST_EVENT_MS = 6 * 3_600_000;

export type IntervalUse = {
  /** US gallons. */
  gallons: number;
  /** Seconds with flow. */
  flowSeconds: number;
  /** Highest flow seen, gallons per minute. */
  peakGpm: number;
};

/** Adds the part of `events` inside [fromMs, toMs) to `use`. */
export function addEvents(
  use: IntervalUse,
  events: readonly WaterEvent[],
  fromMs: number,
  toMs: number,
): void {
  for (const event of events) {
    if (event.startMs >= toMs) break;
    const endMs = event.startMs + event.durationS * 1000;
    const overlapMs = Math.min(endMs, toMs) - Math.max(event.startMs, fromMs);
    if (overlapMs <= 0) continue;
    use.gallons += (event.flowGpm * overlapMs) / 60_000;
    use.flowSeconds += overlapMs / 1000;
    if (event.flowGpm > use.peakGpm) use.peakGpm = event.flowGpm;
  }
}
