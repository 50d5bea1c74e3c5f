// Limits every input shares, whatever the call: the years a date may fall in, the largest id, and
// the text PostgreSQL cannot store. Server validation and web forms read them from here, so a
// value the web accepts is one the server accepts and the database can hold.
import { z } from 'zod';

/**
 * Dates and instants given as input fall in these years (inclusive). Readings start in 2026; the
 * bounds leave room for imported history and long forecasts while keeping every value far inside
 * what JavaScript and PostgreSQL dates hold (year 0 and 9999 are refused, not stored).
 */
export const FIRST_YEAR = 1970;
export const LAST_YEAR = 2100;

export const inputMessages = {
  date: `must be a date, YYYY-MM-DD, from ${FIRST_YEAR}-01-01 to ${LAST_YEAR}-12-31`,
  instant: `must be an ISO 8601 date and time with a zone (e.g. 2026-01-31T12:00:00Z), from ${FIRST_YEAR} to ${LAST_YEAR}`,
  text: 'must be Unicode text without the NUL character (U+0000) or an unpaired surrogate',
} as const;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written `YYYY-MM-DD` (2026-02-30 is not) in the supported years. */
export function isLocalDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether an instant falls within the supported years (UTC). */
export function isSupportedInstant(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return !Number.isNaN(instant.getTime()) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant with its zone, a real calendar time, within the supported years. */
export function isInstant(text: string): boolean {
  if (!INSTANT.test(text) || !isLocalDate(text.slice(0, 10))) return false;
  const hours = Number(text.slice(11, 13));
  const minutes = Number(text.slice(14, 16));
  const offset = /[+-](\d{2}):(\d{2})$/.exec(text);
  if (hours > 23 || minutes > 59) return false;
  if (offset && (Number(offset[1]) > 18 || Number(offset[2]) > 59)) return false;
  return isSupportedInstant(new Date(text));
}

/** The largest id the database hands out (PostgreSQL `integer` and `serial`). */
export const MAX_ID = 2_147_483_647;

/** A record id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID);

/** Optional text of at most `max` characters, trimmed; empty is stored as none (null). */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((text) => (text === '' ? null : text))
    .nullable()
    .optional();

/** A record id in a path or query string, written in digits. */
export const idParamSchema = z.coerce.number().int().positive().max(MAX_ID);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store the text: it refuses U+0000, and half of a surrogate pair is not a
 * character in UTF-8. Every text input, in any field, is refused with either.
 */
export const isStorableText = (text: string): boolean =>
  !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** A query or body field holding a local calendar date, `YYYY-MM-DD`, in the supported years. */
export const localDateSchema = z.string().refine(isLocalDate, inputMessages.date);

/** A query or body field holding an instant, e.g. `2026-01-31T12:00:00Z`, in the supported years. */
export const instantSchema = z.string().max(40).refine(isInstant, inputMessages.instant);
