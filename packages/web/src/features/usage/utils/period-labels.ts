// How the API's bucket labels read on a chart, in the interface language: a short axis label and
// a longer one for the tooltip and the table. Labels are the place's local calendar, so they are
// formatted as UTC dates (no second conversion to the viewer's zone).
import { Granularity, type GranularityId } from '@flowsight/domain/granularity';

export type PeriodLabel = { label: string; detail: string };

const monthPattern = /^(\d{4})-(\d{2})$/;
const weekPattern = /^(\d{4})-W(\d{2})$/;
const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const hourPattern = /^(\d{4})-(\d{2})-(\d{2}) (\d{2})(?::(\d{2}))?$/;

const utc = (year: number, month: number, day = 1, hour = 0, minute = 0) =>
  new Date(Date.UTC(year, month - 1, day, hour, minute));

/**
 * `period` as the API labels it (YYYY-MM, YYYY-Www, YYYY-MM-DD, YYYY-MM-DD HH[:mm]); `start` is
 * the bucket's first local day for weeks (their Monday, read from the bucket's start instant in
 * the place's zone). An unexpected label is shown as it is.
 */
export function periodLabel(
  granularity: GranularityId,
  period: string,
  language: string,
  weekLabel: (week: number, monday: string) => string,
  weekMonday?: string,
): PeriodLabel {
  const format = (date: Date, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { timeZone: 'UTC', ...options }).format(date);
  switch (granularity) {
    case Granularity.Monthly: {
      const match = monthPattern.exec(period);
      if (match === null) break;
      const date = utc(Number(match[1]), Number(match[2]));
      const january = match[2] === '01';
      return {
        label: format(date, january ? { month: 'short', year: '2-digit' } : { month: 'short' }),
        detail: format(date, { month: 'long', year: 'numeric' }),
      };
    }
    case Granularity.Weekly: {
      const match = weekPattern.exec(period);
      if (match === null) break;
      const monday = weekMonday === undefined ? null : dayPattern.exec(weekMonday);
      if (monday === null) return { label: `W${match[2]}`, detail: period };
      const date = utc(Number(monday[1]), Number(monday[2]), Number(monday[3]));
      return {
        label: format(date, { month: 'short', day: 'numeric' }),
        detail: weekLabel(Number(match[2]), format(date, { dateStyle: 'medium' })),
      };
    }
    case Granularity.Daily: {
      const match = dayPattern.exec(period);
      if (match === null) break;
      const date = utc(Number(match[1]), Number(match[2]), Number(match[3]));
      return {
        label: format(date, { month: 'short', day: 'numeric' }),
        detail: format(date, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
      };
    }
    case Granularity.Hourly: {
      const match = hourPattern.exec(period);
      if (match === null) break;
      const date = utc(
        Number(match[1]),
        Number(match[2]),
        Number(match[3]),
        Number(match[4]),
        Number(match[5] ?? 0),
      );
      return {
        label: format(date, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
        detail: format(date, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
      };
    }
  }
  return { label: period, detail: period };
}

/** The local date (YYYY-MM-DD) of an instant in a time zone. */
export function localDateOf(instant: string, timeZone: string): string | undefined {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return undefined;
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(date);
  } catch {
    return undefined;
  }
}

/** The `count` months (YYYY-MM) ending with `lastMonth`, oldest first. */
export function monthsEndingWith(lastMonth: string, count: number): string[] {
  const match = /^(\d{4})-(\d{2})$/.exec(lastMonth);
  if (match === null) return [];
  const index = Number(match[1]) * 12 + Number(match[2]) - 1;
  return Array.from({ length: count }, (_, offset) => {
    const month = index - (count - 1) + offset;
    return `${Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
}
