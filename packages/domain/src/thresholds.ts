// A company's appliance thresholds (spec section 7 "Companies", DESIGN section 8): the daily
// gallons above which a fixture type's use counts as high usage for that company. The server reads
// the path segment of `PUT /companies/{id}/appliances-thresholds/{type}/{threshold}` with
// `parseApplianceThreshold`; the web's editor checks what was typed with the same function.
import { applianceTypes } from './lookups.ts';

/** Gallons per day: above 0, at most this many. */
export const APPLIANCE_THRESHOLD_MAX = 100_000;
/** Thresholds are stored with three decimals. */
export const APPLIANCE_THRESHOLD_DECIMALS = 3;
/** The path value that removes the company's threshold (the fixture type's default applies). */
export const APPLIANCE_THRESHOLD_NONE = 'none';

export const applianceThresholdMessages = {
  range: 'The threshold must be above 0 and at most 100,000 gallons a day',
  decimals: 'Use at most 3 decimals',
  unknownType: 'Unknown fixture type',
  companyNotFound: 'Company not found',
} as const;

const typeIds = new Set<number>(applianceTypes.map((type) => type.id));

/** Whether `id` is one of the 22 fixture types. */
export const isApplianceTypeId = (id: number) => typeIds.has(id);

export type ApplianceThresholdParse =
  | { readonly ok: true; readonly threshold: number | null }
  | { readonly ok: false; readonly message: string };

/**
 * A threshold as typed or as the path carries it: a plain decimal number of gallons (`120`,
 * `87.5`), or `none` (any case) for "no company threshold". `0`, negatives, exponents and text
 * are refused with the range message; more than three decimals with the decimals message.
 */
export function parseApplianceThreshold(raw: string): ApplianceThresholdParse {
  const text = raw.trim();
  if (text.toLowerCase() === APPLIANCE_THRESHOLD_NONE) return { ok: true, threshold: null };
  const match = /^\d+(?:\.(\d+))?$/.exec(text);
  if (!match) return { ok: false, message: applianceThresholdMessages.range };
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || value > APPLIANCE_THRESHOLD_MAX) {
    return { ok: false, message: applianceThresholdMessages.range };
  }
  if ((match[1]?.replace(/0+$/, '').length ?? 0) > APPLIANCE_THRESHOLD_DECIMALS) {
    return { ok: false, message: applianceThresholdMessages.decimals };
  }
  return { ok: true, threshold: value };
}

// ---- Unaccounted water (unaccounted.ts): the company's share and gallon floor ----

/** The share is a per cent of building use with at most one decimal. */
export const UNACCOUNTED_SHARE_DECIMALS = 1;

export const unaccountedThresholdMessages = {
  share: 'The unaccounted share must be above 0 and at most 100 per cent, with at most 1 decimal',
  gallons: 'The unaccounted gallons must be from 0 to 100,000 a day, with at most 3 decimals',
} as const;

/** What a company asks for; null keeps (or returns to) the default of that value. */
export type UnaccountedThresholdInput = {
  readonly share_percent: number | null;
  readonly min_gallons_per_day: number | null;
};

const decimalsOf = (value: number) => {
  const text = String(value);
  if (/e/i.test(text)) return Number.POSITIVE_INFINITY;
  return text.split('.')[1]?.length ?? 0;
};

/** The problems of an unaccounted-water threshold, one message per bad value (none: valid). */
export function unaccountedThresholdProblems(input: UnaccountedThresholdInput): string[] {
  const problems: string[] = [];
  const share = input.share_percent;
  if (
    share !== null &&
    (!Number.isFinite(share) ||
      share <= 0 ||
      share > 100 ||
      decimalsOf(share) > UNACCOUNTED_SHARE_DECIMALS)
  ) {
    problems.push(unaccountedThresholdMessages.share);
  }
  const gallons = input.min_gallons_per_day;
  if (
    gallons !== null &&
    (!Number.isFinite(gallons) ||
      gallons < 0 ||
      gallons > APPLIANCE_THRESHOLD_MAX ||
      decimalsOf(gallons) > APPLIANCE_THRESHOLD_DECIMALS)
  ) {
    problems.push(unaccountedThresholdMessages.gallons);
  }
  return problems;
}
