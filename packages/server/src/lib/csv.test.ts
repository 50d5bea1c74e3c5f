import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  type CsvColumn,
  csvFile,
  csvStream,
  dateTimeFormatter,
  isTimeZone,
  keysetChunks,
  neutraliseFormula,
  primed,
} from './csv.ts';
import { Invalid } from './errors.ts';

type Row = { id: number; name: string | null; amount: number | null; at: Date | null };
const columns: readonly CsvColumn<Row>[] = [
  { key: 'id', header: 'ID', kind: 'number' },
  { key: 'name', header: 'Name', kind: 'text' },
  { key: 'amount', header: 'Amount', kind: 'number' },
  { key: 'at', header: 'At', kind: 'date' },
];

async function* from<T>(rows: T[]) {
  yield* rows;
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

const BOM = '\uFEFF';
const row = (values: Partial<Row>): Row => ({
  id: 1,
  name: null,
  amount: null,
  at: null,
  ...values,
});

describe('csv export', () => {
  it('writes a BOM, the header row and CRLF-terminated records', async () => {
    const csv = await text(csvStream(columns, from([row({ id: 7, name: 'Ann' })]), 'UTC'));
    expect(csv).toBe(`${BOM}ID,Name,Amount,At\r\n7,Ann,,\r\n`);
  });

  it('quotes fields with commas, quotes and line breaks as RFC 4180 says', async () => {
    const csv = await text(
      csvStream(
        columns,
        from([row({ name: 'Smith, Jr.' }), row({ name: 'say "hi"' }), row({ name: 'two\nlines' })]),
        'UTC',
      ),
    );
    expect(csv.split('\r\n').slice(1, 4)).toEqual([
      '1,"Smith, Jr.",,',
      '1,"say ""hi""",,',
      '1,"two\nlines",,',
    ]);
  });

  it('neutralises text cells a spreadsheet would evaluate, and leaves numbers alone', async () => {
    const dangerous = ['=SUM(A1:A9)', '+1 617', '-2+3', '@cmd', '\tx', '\ry'];
    const csv = await text(
      csvStream(
        columns,
        from([
          ...dangerous.map((name) => row({ name })),
          row({ name: 'a=b', amount: -5 }),
          row({ amount: 3.25 }),
        ]),
        'UTC',
      ),
    );
    const records = csv.slice(BOM.length).split('\r\n');
    expect(records.slice(1, 5)).toEqual([
      "1,'=SUM(A1:A9),,",
      "1,'+1 617,,",
      "1,'-2+3,,",
      "1,'@cmd,,",
    ]);
    // Tab and carriage return openings are prefixed too (and quoted, as separators).
    expect(csv).toContain(`1,"'\tx",,`);
    expect(csv).toContain(`1,"'\ry",,`);
    expect(records).toContain('1,a=b,-5,');
    expect(records).toContain('1,,3.25,');
    expect(neutraliseFormula('plain')).toBe('plain');
  });

  it('neutralises a formula behind a separator, and quotes cells another locale would split', async () => {
    const payload = "x;=cmd|' /C calc'!A0;";
    expect(neutraliseFormula(payload)).toBe("x;'=cmd|' /C calc'!A0;");
    expect(neutraliseFormula('a, +1|@SUM(1)\t-2')).toBe("a, '+1|'@SUM(1)\t'-2");
    expect(neutraliseFormula('  =1+1')).toBe("'  =1+1");
    expect(neutraliseFormula('\uFF1D1+1')).toBe("'\uFF1D1+1");
    // What a plain text holds stays as it is: triggers inside words, dashes in names.
    for (const plain of ['a=b', 'Unit 4-B', 'x;y', 'e-mail@host', 'A|B']) {
      expect(neutraliseFormula(plain)).toBe(plain);
    }
    const csv = await text(
      csvStream(
        columns,
        from([row({ name: payload }), row({ name: 'x;y' }), row({ name: 'A|B' })]),
        'UTC',
      ),
    );
    // Quoted, a `;`, `|` or tab list separator cannot split the cell either.
    expect(csv.split('\r\n').slice(1, 4)).toEqual([
      `1,"x;'=cmd|' /C calc'!A0;",,`,
      '1,"x;y",,',
      '1,"A|B",,',
    ]);
  });

  it('reads the first row before the file starts, and a failing first read fails the call', async () => {
    let reads = 0;
    async function* rows() {
      reads++;
      yield row({ id: 1 });
      yield row({ id: 2 });
    }
    const ready = await primed(rows());
    expect(reads).toBe(1);
    expect(await text(csvStream(columns, ready, 'UTC'))).toBe(
      `${BOM}ID,Name,Amount,At\r\n1,,,\r\n2,,,\r\n`,
    );
    const failing: AsyncIterable<Row> = {
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.reject(new Error('relation does not exist')),
      }),
    };
    await expect(primed(failing)).rejects.toThrow('relation does not exist');
  });

  it('writes dates in the requested time zone, across a daylight-saving change', async () => {
    const before = new Date('2026-03-08T06:30:00Z'); // 01:30 EST
    const after = new Date('2026-03-08T07:30:00Z'); // 03:30 EDT: 02:00 was skipped
    const csv = await text(
      csvStream(columns, from([row({ at: before }), row({ at: after })]), 'America/New_York'),
    );
    expect(csv.split('\r\n').slice(1, 3)).toEqual([
      '1,,,2026-03-08 01:30:00 -05:00',
      '1,,,2026-03-08 03:30:00 -04:00',
    ]);
    expect(dateTimeFormatter('UTC')(after)).toBe('2026-03-08 07:30:00 +00:00');
    expect(dateTimeFormatter('Europe/Bucharest')(new Date('2026-07-01T21:00:00Z'))).toBe(
      '2026-07-02 00:00:00 +03:00',
    );
    expect(dateTimeFormatter('Asia/Kolkata')(new Date('2026-01-01T00:00:00Z'))).toBe(
      '2026-01-01 05:30:00 +05:30',
    );
    expect(dateTimeFormatter('America/St_Johns')(new Date('2026-12-02T13:45:00Z'))).toBe(
      '2026-12-02 10:15:00 -03:30',
    );
  });

  it('tells the two passes of the doubled autumn hour apart by their offset', () => {
    const format = dateTimeFormatter('America/New_York');
    expect(format(new Date('2026-11-01T05:30:00Z'))).toBe('2026-11-01 01:30:00 -04:00');
    expect(format(new Date('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30:00 -05:00');
  });

  it('accepts IANA zone names only', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('+02:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(() => csvStream(columns, from([]), 'Nowhere/Special')).toThrow(Invalid);
  });

  it('names the file after the entity and today in the time zone', () => {
    const now = new Date('2026-05-31T23:30:00Z');
    expect(csvFile('users', columns, from([]), 'UTC', now).filename).toBe('users-2026-05-31.csv');
    expect(csvFile('users', columns, from([]), 'Europe/Bucharest', now).filename).toBe(
      'users-2026-06-01.csv',
    );
  });

  it('reads rows in keyset chunks, each after the last key of the one before', async () => {
    const all = Array.from({ length: 25 }, (_, i) => ({ id: (i + 1) * 10 }));
    const reads: [number | undefined, number][] = [];
    const read = async (after: number | undefined, limit: number) => {
      reads.push([after, limit]);
      return all.filter((r) => after === undefined || r.id > after).slice(0, limit);
    };
    const seen: number[] = [];
    for await (const r of keysetChunks(read, (r) => r.id, 10)) seen.push(r.id);
    expect(seen).toEqual(all.map((r) => r.id));
    expect(reads).toEqual([
      [undefined, 10],
      [100, 10],
      [200, 10],
    ]);

    // An exact multiple of the chunk size ends with one empty read.
    reads.length = 0;
    const twenty = all.slice(0, 20);
    const readTwenty = async (after: number | undefined, limit: number) => {
      reads.push([after, limit]);
      return twenty.filter((r) => after === undefined || r.id > after).slice(0, limit);
    };
    let count = 0;
    for await (const _ of keysetChunks(readTwenty, (r) => r.id, 10)) count++;
    expect(count).toBe(20);
    expect(reads.map(([after]) => after)).toEqual([undefined, 100, 200]);
  });

  it('lets the event loop take a turn between two reads, so other calls get the database', async () => {
    const events: string[] = [];
    const read = async (after: number | undefined) => {
      events.push(`read after ${after ?? 'start'}`);
      // What a call arriving meanwhile does: its work is queued for the next turn of the loop.
      if (after === undefined) setImmediate(() => events.push('other call'));
      return after === undefined ? [{ id: 1 }, { id: 2 }] : [];
    };
    for await (const _ of keysetChunks(read, (r) => r.id, 2));
    expect(events).toEqual(['read after start', 'other call', 'read after 2']);
  });

  it('pulls rows only as fast as the reader consumes them', async () => {
    let produced = 0;
    async function* endless() {
      for (let id = 1; id <= 1_000_000; id++) {
        produced++;
        yield row({ id, name: 'x'.repeat(50) });
      }
    }
    const stream = csvStream(columns, endless(), 'UTC');
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(50_000);
    stream.destroy();
  });
});
