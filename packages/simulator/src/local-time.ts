// Calendar arithmetic in a property's IANA time zone: the simulated households live by local
// clocks (a 07:00 shower is 07:00 in Chicago, summer or winter), while frames carry UTC instants.
// Built on Intl only, so it needs no time-zone package and agrees with the server's `localDate`.

const DAY_MS = 86_400_000;

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = partFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partFormatters.set(timeZone, format);
  }
  return format;
}

const offsets = new Map<string, number>();

/** Milliseconds the zone's wall clock is ahead of UTC at `instantMs`. */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  // Offsets change on whole quarter hours in every zone in use, so a quarter-hour cache is exact.
  const key = `${timeZone}|${Math.floor(instantMs / 900_000)}`;
  const cached = offsets.get(key);
  if (cached !== undefined) return cached;
  if (offsets.size > 200_000) offsets.clear();
  const offset = computeOffset(instantMs, timeZone);
  offsets.set(key, offset);
  return offset;
}

function computeOffset(instantMs: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instantMs / 1000) * 1000;
}

/** A local calendar day, as days since 1970-01-01 (a plain counter, free of zones). */
export type DayNumber = number;

export const dayNumberOf = (isoDate: string): DayNumber => Math.floor(Date.parse(isoDate) / DAY_MS);

export const isoDateOf = (day: DayNumber): string =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 0 Sunday … 6 Saturday. */
export const weekdayOf = (day: DayNumber): number => (day + 4) % 7;

export const isWeekend = (day: DayNumber): boolean => {
  const weekday = weekdayOf(day);
  return weekday === 0 || weekday === 6;
};

/** Month of the year, 1–12. */
export const monthOf = (day: DayNumber): number => new Date(day * DAY_MS).getUTCMonth() + 1;

/** The local day holding the instant. */
export function localDayOf(instantMs: number, timeZone: string): DayNumber {
  return Math.floor((instantMs + zoneOffsetMs(instantMs, timeZone)) / DAY_MS);
}

const dayStarts = new Map<string, number>();

/** The UTC instant of local midnight starting `day` (the first instant of that day). */
export function localDayStartMs(day: DayNumber, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return cached;
  const wallMidnight = day * DAY_MS;
  // Two passes settle the offset even when the day itself starts a DST change.
  let instant = wallMidnight - zoneOffsetMs(wallMidnight, timeZone);
  instant = wallMidnight - zoneOffsetMs(instant, timeZone);
  if (dayStarts.size > 50_000) dayStarts.clear();
  dayStarts.set(key, instant);
  return instant;
}
