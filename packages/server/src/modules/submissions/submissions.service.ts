// Readings as the product shows them (spec section 7, submissions calls): each place's readings
// (paged, counted, first and last, exported), the lists outside the hierarchy for provider staff
// (unassigned, keep-alive, legacy "parsed-old"), and gallon totals per place and per micrometer.
import { applianceTypes } from '@flowsight/domain/lookups';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import {
  READINGS_EXPORTS_PER_COMPANY,
  READINGS_EXPORTS_PER_SERVER,
  READINGS_EXPORTS_PER_USER,
  readingsExportWindow,
} from '@flowsight/domain/readings-window';
import type { z } from 'zod';
import {
  type CsvColumn,
  type CsvFile,
  csvFile,
  keysetChunks,
  placeNameColumns,
  primed,
} from '../../lib/csv.ts';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { createExportSlots, type ExportSlots } from '../../lib/export-slots.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import {
  type ReadingsOf,
  type SpecialList,
  type SubmissionRecord,
  type SubmissionsRepository,
  submissionList,
} from './submissions.repository.ts';
import type {
  gallonsRangeQuerySchema,
  Submission,
  submissionExportQuerySchema,
} from './submissions.schemas.ts';

export const toSubmission = (row: SubmissionRecord): Submission => ({
  _id: row.id,
  ...row,
  measured_at: new Date(row.measured_at).toISOString(),
  ingested_at: new Date(row.ingested_at).toISOString(),
  gallons: row.volume_mgal === null ? null : row.volume_mgal / 1000,
  peak_flow_gpm: row.peak_flow_mgpm === null ? null : row.peak_flow_mgpm / 1000,
});

type CsvRow = Submission & { measured: Date; ingested: Date; fixture: string | null };
const csvColumns: readonly CsvColumn<CsvRow>[] = [
  { key: 'measured', header: 'Measured at', kind: 'date' },
  { key: 'mac_address', header: 'MAC', kind: 'text' },
  { key: 'kind', header: 'Kind', kind: 'text' },
  { key: 'gallons', header: 'Gallons', kind: 'number' },
  { key: 'interval_s', header: 'Interval (s)', kind: 'number' },
  { key: 'flow_time_s', header: 'Flow time (s)', kind: 'number' },
  { key: 'peak_flow_gpm', header: 'Peak flow (gal/min)', kind: 'number' },
  { key: 'battery', header: 'Battery (%)', kind: 'number' },
  { key: 'firmware_version', header: 'Firmware', kind: 'text' },
  ...placeNameColumns('building', 'unit'),
  { key: 'fixture', header: 'Fixture', kind: 'text' },
  { key: 'gateway_serial', header: 'Gateway', kind: 'text' },
  { key: 'rssi', header: 'RSSI', kind: 'number' },
  { key: 'snr', header: 'SNR', kind: 'number' },
  { key: 'seq', header: 'Sequence', kind: 'number' },
  { key: 'transport', header: 'Transport', kind: 'text' },
  { key: 'error', header: 'Error', kind: 'text' },
  { key: 'payload_hex', header: 'Payload (hex)', kind: 'text' },
  { key: 'ingested', header: 'Received', kind: 'date' },
];
const fixtureName = (id: number | null) =>
  id === null ? null : (applianceTypes.find((a) => a.id === id)?.name ?? String(id));

/**
 * Readings per export read. On the embedded database each read holds the one connection (and this
 * thread) while it runs, and another call's next query may wait for one read: 500 rows keep that
 * wait near 20 ms (export-starvation.ts measures it) at no cost to the export's own speed.
 */
const EXPORT_CHUNK = 500;

type Dependencies = {
  repository: SubmissionsRepository;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  now?: () => Date;
  /** Readings exports running per user (by default `READINGS_EXPORTS_PER_USER` each). */
  exportSlots?: ExportSlots;
};

export function createSubmissionsService({
  repository,
  portfolio,
  now = () => new Date(),
  exportSlots = createExportSlots(
    {
      perUser: READINGS_EXPORTS_PER_USER,
      perCompany: READINGS_EXPORTS_PER_COMPANY,
      total: READINGS_EXPORTS_PER_SERVER,
    },
    'readings exports',
  ),
}: Dependencies) {
  const { requirePlace } = portfolio;

  async function listed(scope: Scope, input: ListQueryInput, url: string, of: ReadingsOf) {
    const query = submissionList.toQuery(input);
    const { rows, total } = await repository.page(scope, of, query, now());
    return listEnvelope(rows.map(toSubmission), total, query, url);
  }
  async function counted(scope: Scope, input: ListQueryInput, of: ReadingsOf) {
    const query = submissionList.toQuery(input);
    return { count: await repository.count(scope, of, query, now()) };
  }

  /**
   * An export of readings: everything about the call is checked before the first byte (filters,
   * the window of at most `READINGS_EXPORT_MAX_DAYS`, the caller's running exports, and the first
   * chunk's read), so a download never starts with 200 only to be cut off.
   */
  async function exported(
    scope: Scope,
    entity: string,
    input: z.output<typeof submissionExportQuerySchema>,
    of: ReadingsOf,
  ): Promise<CsvFile> {
    const { timeZone, ...filters } = input;
    const query = submissionList.toQuery({ ...filters, page: 1, limit: 1 });
    const measuredAt = filters['filter.measured_at'];
    const window = readingsExportWindow(measuredAt === undefined ? [] : [measuredAt].flat(), now());
    if (!window.ok) throw new Invalid([window.error]);
    const selection = { of, query, window: window.window };
    async function* rows(): AsyncGenerator<CsvRow> {
      const records = keysetChunks(
        (after: { at: Date; id: number } | undefined, limit) =>
          repository.chunk(scope, selection, after, limit),
        (record) => ({ at: new Date(record.measured_at), id: record.id }),
        EXPORT_CHUNK,
      );
      for await (const record of records) {
        const row = toSubmission(record);
        yield {
          ...row,
          measured: new Date(record.measured_at),
          ingested: new Date(record.ingested_at),
          fixture: fixtureName(row.appliance_type_id),
        };
      }
    }
    return exportSlots.run({ userId: scope.userId, companyId: scope.companyId }, async () =>
      csvFile(entity, csvColumns, await primed(rows()), timeZone, now()),
    );
  }

  return {
    async list(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      input: ListQueryInput,
      url: string,
    ) {
      await requirePlace(scope, level, id);
      return listed(scope, input, url, { level, id });
    },
    async count(scope: Scope, level: PortfolioLevel, id: number, input: ListQueryInput) {
      await requirePlace(scope, level, id);
      return counted(scope, input, { level, id });
    },
    async exportCsv(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      input: z.output<typeof submissionExportQuerySchema>,
    ) {
      await requirePlace(scope, level, id);
      return exported(scope, `submissions-${level}-${id}`, input, { level, id });
    },
    listSpecial: (scope: Scope, list: SpecialList, input: ListQueryInput, url: string) =>
      listed(scope, input, url, { list }),
    countSpecial: (scope: Scope, list: SpecialList, input: ListQueryInput) =>
      counted(scope, input, { list }),
    exportSpecial: (
      scope: Scope,
      list: SpecialList,
      input: z.output<typeof submissionExportQuerySchema>,
    ) => exported(scope, `submissions-${list}`, input, { list }),
    async edge(scope: Scope, unitId: number, mode: 'first' | 'last') {
      await requirePlace(scope, 'unit', unitId);
      const row = await repository.edge(scope, unitId, mode);
      if (!row) throw new NotFound('This unit has no readings yet');
      return toSubmission(row);
    },
    async gallons(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      range: z.output<typeof gallonsRangeQuerySchema>,
    ) {
      await requirePlace(scope, level, id);
      return repository.gallons(scope, level, id, { from: range.start_date, to: range.end_date });
    },
    async gallonsBySensor(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      range: z.output<typeof gallonsRangeQuerySchema>,
    ) {
      await requirePlace(scope, level, id);
      return repository.gallonsBySensor(scope, level, id, {
        from: range.start_date,
        to: range.end_date,
      });
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
