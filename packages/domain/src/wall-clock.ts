// Wall-clock arithmetic in an IANA time zone, the one place it is written: a zone's offset at an
// instant, the local date and hour of an instant, the first instant of a local day, and the
// `YYYY-MM-DD HH:mm:ss` text of CSV exports. Usage rollups, chart windows, leak detection, the
// CSV exports and the simulator all call these. Built on Intl only (no time-zone package).
// Every zone's offset changes on whole quarter hours, so the caches keyed by quarter hour are exact.

const DAY_MS = 86_400_000;
const QUARTER_HOUR_MS = 900_000;

/** A local calendar date, `YYYY-MM-DD`. */
export type LocalDate = string;

/** An IANA zone name that this runtime knows (`UTC`, `Europe/Bucharest`); offsets are refused. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const partFormatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
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

/** Milliseconds the zone's wall clock is ahead of UTC at the instant. */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instantMs / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
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
  const offset = wall - Math.floor(instantMs / 1000) * 1000;
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The local wall clock at the instant, as milliseconds of a UTC-labelled clock. */
export const wallClockMs = (instantMs: number, timeZone: string): number =>
  instantMs + zoneOffsetMs(instantMs, timeZone);

const knownDates = new Map<string, LocalDate>();

/** The calendar date (`YYYY-MM-DD`) of the instant in the zone. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  // All instants of one UTC quarter hour share a local date: the text is built once per quarter.
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  const known = knownDates.get(key);
  if (known !== undefined) return known;
  const quarterMs = quarter * QUARTER_HOUR_MS;
  const date = new Date(wallClockMs(quarterMs, timeZone)).toISOString().slice(0, 10);
  if (knownDates.size > 50_000) knownDates.clear();
  knownDates.set(key, date);
  return date;
}

/** The local hour of day (0–23) and local date of an instant in the zone. */
export function localClock(ms: number, timeZone: string): { hour: number; date: LocalDate } {
  const wall = new Date(wallClockMs(ms, timeZone));
  return { hour: wall.getUTCHours(), date: wall.toISOString().slice(0, 10) };
}

/** `YYYY-MM-DD HH:mm:ss` of the local wall clock at the instant. */
export function localDateTime(instant: Date, timeZone: string): string {
  const text = new Date(wallClockMs(instant.getTime(), timeZone)).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
}

/** The zone's offset from UTC at the instant, `+HH:MM` or `-HH:MM` (`+00:00` for UTC). */
export function utcOffset(instant: Date, timeZone: string): string {
  const minutes = Math.round(zoneOffsetMs(instant.getTime(), timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0');
  return `${sign}${hours}:${String(Math.abs(minutes) % 60).padStart(2, '0')}`;
}

/** The first instant of a local date in the zone (its midnight, or the end of a DST gap). */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const wall = Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS) * DAY_MS;
  const before = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const after = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  const exact = [before, after].filter((t) => wallClockMs(t, timeZone) === wall);
  if (exact.length > 0) return new Date(Math.min(...exact));
  // Midnight itself was skipped (a zone that springs forward at 00:00): the day starts at the
  // change, found by halving the stretch between the two offsets' midnights to the minute.
  let low = Math.floor(Math.min(before, after) / 60_000);
  let high = Math.ceil(Math.max(before, after) / 60_000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (wallClockMs(middle * 60_000, timeZone) >= wall) high = middle;
    else low = middle;
  }
  return new Date(high * 60_000);
}

/**
 * The instant a zone's wall clock shows `YYYY-MM-DD HH:mm:ss` (the inverse of `localDateTime`):
 * in the doubled hour of autumn, its first pass; in the skipped hour of spring, the instant the
 * same distance after the change. Undefined for text of another form.
 */
export function instantOfLocalDateTime(text: string, timeZone: string): Date | undefined {
  const wall = Date.parse(`${text.replace(' ', 'T')}Z`);
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) || Number.isNaN(wall)) return undefined;
  // The offsets a day either side bound any change near it (as in startOfLocalDay).
  const earlier = wall - zoneOffsetMs(wall - DAY_MS, timeZone);
  const later = wall - zoneOffsetMs(wall + DAY_MS, timeZone);
  const exact = [earlier, later].filter((t) => wallClockMs(t, timeZone) === wall);
  return new Date(exact.length > 0 ? Math.min(...exact) : Math.max(earlier, later));
}
