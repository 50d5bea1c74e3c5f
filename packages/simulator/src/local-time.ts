// Calendar arithmetic in a property's IANA time zone: the simulated households live by local
// clocks (a 07:00 shower is 07:00 in Chicago, summer or winter), while frames carry UTC instants.
// The zone arithmetic itself is the domain's (wall-clock.ts), so it agrees with the server's.
import { startOfLocalDay, wallClockMs } from '@flowsight/domain/wall-clock';

const DAY_MS = 86_400_000;

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
  return Math.floor(wallClockMs(instantMs, timeZone) / DAY_MS);
}

const dayStarts = new Map<string, number>();

/** The UTC instant of local midnight starting `day` (the first instant of that day). */
export function localDayStartMs(day: DayNumber, timeZone: string): number {
  const key = `${timeZone}|${day}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return cached;
  const instant = startOfLocalDay(isoDateOf(day), timeZone).getTime();
  if (dayStarts.size > 50_000) dayStarts.clear();
  dayStarts.set(key, instant);
  return instant;
}
