// CSV exports (DESIGN section 4), the one piece every `export-all` route uses: column definitions,
// rows read in keyset chunks, csv-stringify as a stream (constant memory at any size, RFC 4180
// quoting), dates written in the caller's IANA time zone, and text cells a spreadsheet would run
// as a formula neutralised with a leading quote.
import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Invalid } from './errors.ts';

export type CsvKind = 'text' | 'number' | 'date';

/** The kind a row field is written as, from its type: dates, numbers, everything else text. */
type KindOf<V> = [NonNullable<V>] extends [Date]
  ? 'date'
  : [NonNullable<V>] extends [number]
    ? 'number'
    : 'text';

export type CsvColumn<Row> = {
  [K in keyof Row & string]: {
    readonly key: K;
    readonly header: string;
    readonly kind: KindOf<Row[K]>;
  };
}[keyof Row & string];

export const CSV_CHUNK_SIZE = 1000;
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The text cell openings that spreadsheets evaluate (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

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

const TIME_ZONE_MESSAGE = 'timeZone must be an IANA time zone name, e.g. America/New_York';

export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, TIME_ZONE_MESSAGE)
  .describe('IANA time zone of every date column, e.g. America/New_York');

/** Query string of every `export-all` route. */
export const csvExportQuerySchema = z.object({ timeZone: timeZoneSchema }).strict();

/** OpenAPI response of a CSV download. */
export const csvResponseSchema = {
  description: 'CSV file (RFC 4180, UTF-8), sent as an attachment',
  content: { 'text/csv': { schema: z.string() } },
};

/** `YYYY-MM-DD HH:mm:ss` wall-clock time in `timeZone`. */
export function dateTimeFormatter(timeZone: string): (date: Date) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (date) => {
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const { type, value } of format.formatToParts(date)) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

function cell(kind: CsvKind, value: unknown, formatDate: (date: Date) => string): string {
  if (value === null || value === undefined) return '';
  switch (kind) {
    case 'text':
      return neutraliseFormula(String(value));
    case 'number':
      return typeof value === 'number' && !Number.isFinite(value) ? '' : String(value);
    case 'date': {
      const date = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(date.getTime()) ? '' : formatDate(date);
    }
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}

function requireTimeZone(timeZone: string) {
  if (!isTimeZone(timeZone)) throw new Invalid(TIME_ZONE_MESSAGE);
}

/**
 * The CSV text as a stream: a header row, then one record per row, pulled from `rows` only as fast
 * as the reader consumes (backpressure), CRLF line ends, fields quoted when they need it, and a
 * UTF-8 byte-order mark so spreadsheet programs read accents right.
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
  timeZone: string,
): Readable {
  requireTimeZone(timeZone);
  const formatDate = dateTimeFormatter(timeZone);
  async function* records() {
    yield columns.map((column) => column.header);
    for await (const row of rows) {
      yield columns.map((column) => cell(column.kind, row[column.key], formatDate));
    }
  }
  const stringifier = stringify({
    record_delimiter: 'windows',
    bom: true,
    // csv-stringify quotes only for the record delimiter itself; RFC 4180 wants any CR or LF.
    quoted_match: /[\r\n]/,
  });
  // Errors reach the consumer through the returned stream; the callback only keeps Node quiet.
  return pipeline(Readable.from(records()), stringifier, () => {});
}

/**
 * Rows in chunks of `chunkSize`, each read after the last key of the one before (keyset paging
 * over a unique, increasing key such as `id`): constant memory, no cursor held open between
 * reads, the same on PGlite and PostgreSQL.
 */
export async function* keysetChunks<Row>(
  readAfter: (afterKey: number | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => number,
  chunkSize = CSV_CHUNK_SIZE,
): AsyncGenerator<Row> {
  let after: number | undefined;
  for (;;) {
    const chunk = await readAfter(after, chunkSize);
    yield* chunk;
    const last = chunk.at(-1);
    if (chunk.length < chunkSize || last === undefined) return;
    after = keyOf(last);
  }
}

export type CsvFile = { readonly filename: string; readonly body: Readable };

/** A download named `<entity>-<yyyy-mm-dd>.csv`, the date being today in `timeZone`. */
export function csvFile<Row>(
  entity: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
  timeZone: string,
  now: Date = new Date(),
): CsvFile {
  if (!/^[a-z0-9-]+$/.test(entity)) throw new Error(`unsafe CSV file name: ${entity}`);
  requireTimeZone(timeZone);
  const day = dateTimeFormatter(timeZone)(now).slice(0, 10);
  return { filename: `${entity}-${day}.csv`, body: csvStream(columns, rows, timeZone) };
}

/** Sends the file as a download; answers the reply, as a route handler that sent it must. */
export function sendCsv<Reply extends FastifyReply>(reply: Reply, file: CsvFile): Reply {
  reply.header('content-type', CSV_CONTENT_TYPE);
  reply.header('content-disposition', `attachment; filename="${file.filename}"`);
  reply.send(file.body);
  return reply;
}
