// How a reading's volume is placed in time (DESIGN section 6). A report covers the interval that
// ends when the network server received it; its volume is counted at the interval's midpoint, so a
// report spanning an hour boundary lands in the hour holding most of it. The rollups and any
// recomputation from raw readings use this one rule.

const HOUR_MS = 3_600_000;

/** The instant a report's volume is counted at. */
export function usageInstant(measuredAt: Date, intervalS: number): Date {
  return new Date(measuredAt.getTime() - Math.max(0, intervalS) * 500);
}

/** The UTC hour holding the instant. */
export function utcHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / HOUR_MS) * HOUR_MS);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * Every zone's offset is a whole number of quarter hours, so all instants of one UTC quarter hour
 * share a local date: formatting (slow) happens once per zone and quarter hour.
 */
const QUARTER_HOUR_MS = 900_000;
const knownDates = new Map<string, string>();

/** The calendar date (`YYYY-MM-DD`) of the instant in an IANA time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  const known = knownDates.get(key);
  if (known !== undefined) return known;
  const date = formatDate(new Date(quarter * QUARTER_HOUR_MS), timeZone);
  if (knownDates.size > 50_000) knownDates.clear();
  knownDates.set(key, date);
  return date;
}

function formatDate(instant: Date, timeZone: string): string {
  let format = dateFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, format);
  }
  return format.format(instant);
}
