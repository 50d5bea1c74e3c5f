// CSV exports (DESIGN section 4), the one piece every `export-all` route uses: column definitions,
// rows read in keyset chunks, csv-stringify as a stream (constant memory at any size, RFC 4180
// quoting), dates written in the caller's IANA time zone with their UTC offset, and text cells a
// spreadsheet would run as a formula neutralised (docs/api.md, "CSV files").
import { pipeline, Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type PortfolioLevel, portfolioLevelNames } from '@flowsight/domain/portfolio';
import { isTimeZone, localDate, localDateTime, utcOffset } from '@flowsight/domain/wall-clock';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { Invalid } from './errors.ts';
import { errorSchema } from './http-schemas.ts';

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

/**
 * The name columns of the places an exported row sits in (`company_name` headed "Company", …), in
 * the order given: every export names a place's level the same way.
 */
export const placeNameColumns = <L extends PortfolioLevel>(...levels: readonly L[]) =>
  levels.map((level) => ({
    key: `${level}_name` as const,
    header: portfolioLevelNames[level],
    kind: 'text' as const,
  }));

export const CSV_CHUNK_SIZE = 1000;
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * Characters that make a spreadsheet read a cell as a formula when they open it (OWASP "CSV
 * injection"): = + - @ and their full-width forms, which some East Asian locales accept too.
 */
const TRIGGER = '=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/**
 * Where a spreadsheet may start a new cell inside our text: list separators of any locale or
 * import dialogue (comma, semicolon, pipe, tab) and line breaks.
 */
const SEPARATOR = ',;|\\t\\r\\n';
const BLANKS = '[ \\u00a0]*';
/** A cell that opens with a trigger (after blanks), or with a tab or carriage return. */
const OPENS_AS_FORMULA = new RegExp(`^(?:[\\t\\r]|${BLANKS}[${TRIGGER}])`);
/** A trigger right after a separator: the opening of a cell should a program split ours there. */
const TRIGGER_AFTER_SEPARATOR = new RegExp(`([${SEPARATOR}]${BLANKS})(?=[${TRIGGER}])`, 'g');
/**
 * Cells with a separator are always quoted (besides RFC 4180's comma, quote and line break), so
 * a program whose list separator is `;`, `|` or tab still reads them as one cell.
 */
const QUOTED_MATCH = /[;|\t\r\n]/;

/**
 * A text cell no spreadsheet runs as a formula, however it splits the row: a leading `'` when the
 * cell opens like a formula, and one before each trigger that follows a separator.
 * `x;=cmd|' /C calc'!A0;` becomes `x;'=cmd|' /C calc'!A0;` (and is quoted for its `;`).
 */
export function neutraliseFormula(text: string): string {
  const inner = text.replace(TRIGGER_AFTER_SEPARATOR, "$1'");
  return OPENS_AS_FORMULA.test(inner) ? `'${inner}` : inner;
}

export { isTimeZone };

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

/** The schemas of an `export-all` route: the time zone in, the file or a refused time zone out. */
export const csvExportSchemas = {
  querystring: csvExportQuerySchema,
  response: { 200: csvResponseSchema, 400: errorSchema },
};

/**
 * `YYYY-MM-DD HH:mm:ss ±HH:MM`: the wall-clock time in `timeZone` with its offset from UTC, so a
 * cell names one instant even in the doubled hour of autumn or when read in another zone.
 */
export function dateTimeFormatter(timeZone: string): (date: Date) => string {
  return (date) => `${localDateTime(date, timeZone)} ${utcOffset(date, timeZone)}`;
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
    // csv-stringify quotes only for the record delimiter itself; RFC 4180 wants any CR or LF,
    // and other programs' list separators are quoted too.
    quoted_match: QUOTED_MATCH,
  });
  // Errors reach the consumer through the returned stream; the callback only keeps Node quiet.
  return pipeline(Readable.from(records()), stringifier, () => {});
}

/**
 * Rows in chunks of `chunkSize`, each read after the last key of the one before (keyset paging
 * over a unique key in the read's order, such as `id`): constant memory, no cursor held open
 * between reads, the same on PGlite and PostgreSQL. Between two reads the event loop takes a turn,
 * so calls that arrived meanwhile queue their queries before the next chunk's: on the embedded
 * database, which runs one query at a time on this thread, a long export cannot hold it.
 */
export async function* keysetChunks<Row, Key = number>(
  readAfter: (afterKey: Key | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  chunkSize = CSV_CHUNK_SIZE,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const chunk = await readAfter(after, chunkSize);
    yield* chunk;
    const last = chunk.at(-1);
    if (chunk.length < chunkSize || last === undefined) return;
    after = keyOf(last);
    await nextTurn();
  }
}

/**
 * `rows` with its first row already read, so that a failing first read (the query itself) fails
 * the call with its error status before any byte is sent, rather than cutting off a download
 * that has started with 200.
 */
export async function primed<Row>(rows: AsyncIterable<Row>): Promise<AsyncIterable<Row>> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<Row> {
    try {
      if (first.done) return;
      yield first.value;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return all();
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
  const day = localDate(now, timeZone);
  return { filename: `${entity}-${day}.csv`, body: csvStream(columns, rows, timeZone) };
}

/** Sends the file as a download; answers the reply, as a route handler that sent it must. */
export function sendCsv<Reply extends FastifyReply>(reply: Reply, file: CsvFile): Reply {
  reply.header('content-type', CSV_CONTENT_TYPE);
  reply.header('content-disposition', `attachment; filename="${file.filename}"`);
  reply.send(file.body);
  return reply;
}
