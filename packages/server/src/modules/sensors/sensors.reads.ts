// Micrometer reads (spec section 7, Sensors): the lists (fleet-wide for provider staff, per place
// for everyone in scope), the count of a unit, one sensor by id or MAC with its recent readings,
// the search, the CSV export, a reported issue and pending office assignments. Nothing here writes.
import { applianceTypes, sensorStates, sensorStatuses } from '@flowsight/domain/lookups';
import { micrometerMessages as m } from '@flowsight/domain/micrometers';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { csvName } from '@flowsight/domain/reports';
import {
  REPORT_COUNTER_MODULUS,
  UPLINK_LOSS_WINDOW_DAYS,
  uplinkLoss,
} from '@flowsight/domain/uplink-loss';
import { type CsvColumn, csvFile, keysetChunks, placeNameColumns } from '../../lib/csv.ts';
import { NotFound } from '../../lib/errors.ts';
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import { toSubmission } from '../submissions/submissions.service.ts';
import type { SensorLookups } from './sensors.lookups.ts';
import {
  type FleetList,
  type SensorSelection,
  type SensorsRepository,
  sensorList,
} from './sensors.repository.ts';
import type { Micrometer } from './sensors.schemas.ts';

const dateOf = (iso: string | null) => (iso === null ? null : new Date(iso));

type CsvRow = Micrometer & {
  state: string;
  status: string;
  fixture: string | null;
  keepalive: Date | null;
  submission: Date | null;
  production: Date | null;
};
const csvColumns: readonly CsvColumn<CsvRow>[] = [
  { key: 'mac_address', header: 'MAC', kind: 'text' },
  { key: 'state', header: 'State', kind: 'text' },
  { key: 'status', header: 'Status', kind: 'text' },
  { key: 'battery', header: 'Battery (%)', kind: 'number' },
  { key: 'firmware_version', header: 'Firmware', kind: 'text' },
  ...placeNameColumns('company', 'property', 'building', 'unit'),
  { key: 'fixture', header: 'Fixture type', kind: 'text' },
  { key: 'keepalive', header: 'Last keep-alive', kind: 'date' },
  { key: 'submission', header: 'Last submission', kind: 'date' },
  { key: 'production', header: 'Production date', kind: 'date' },
];

const fixtureName = (id: number | null) => {
  const name = applianceTypes.find((type) => type.id === id)?.name;
  return name === undefined ? null : csvName(name);
};

/** A sensor as one CSV row: its state, status and fixture type by name, its times as dates. */
const toCsvRow = (sensor: Micrometer): CsvRow => ({
  ...sensor,
  state: sensorStates.find((s) => s.id === sensor.sensor_state_id)?.name ?? '',
  status: sensorStatuses.find((s) => s.id === sensor.sensor_status_id)?.name ?? '',
  fixture: fixtureName(sensor.appliance_type_id),
  keepalive: dateOf(sensor.last_keepalive),
  submission: dateOf(sensor.last_submission),
  production: dateOf(sensor.install_date),
});

type Dependencies = {
  repository: SensorsRepository;
  lookups: SensorLookups;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  now: () => Date;
};

export function createSensorReads({ repository, lookups, portfolio, now }: Dependencies) {
  const { shape, requireSensor, requireByMac } = lookups;
  const { requirePlace } = portfolio;

  /** Each micrometer with its uplink loss over the recent window (one query for all of them). */
  async function withUplinkLoss(scope: Scope, micrometers: Micrometer[]): Promise<Micrometer[]> {
    const since = new Date(now().getTime() - UPLINK_LOSS_WINDOW_DAYS * 86_400_000);
    const rows = await repository.counterSteps(
      scope,
      micrometers.map((m) => m.mac_address),
      since,
      REPORT_COUNTER_MODULUS,
    );
    const byMac = new Map(rows.map((row) => [row.mac_address, row]));
    return micrometers.map((micrometer) => {
      const row = byMac.get(micrometer.mac_address);
      return {
        ...micrometer,
        uplink_loss: row
          ? {
              ...uplinkLoss(row.frames, row.steps, REPORT_COUNTER_MODULUS),
              window_days: UPLINK_LOSS_WINDOW_DAYS,
            }
          : null,
      };
    });
  }

  async function listed(
    scope: Scope,
    input: ListQueryInput,
    url: string,
    selection?: SensorSelection,
  ) {
    const query = sensorList.toQuery(input);
    const { rows, total } = await repository.page(scope, query, selection);
    return listEnvelope(
      await withUplinkLoss(
        scope,
        rows.map((row) => shape(scope, row)),
      ),
      total,
      query,
      url,
    );
  }

  return {
    listFleet: (scope: Scope, list: FleetList, input: ListQueryInput, url: string) =>
      listed(scope, input, url, { fleet: list }),
    async listOfPlace(
      scope: Scope,
      level: PortfolioLevel,
      id: number,
      input: ListQueryInput,
      url: string,
    ) {
      await requirePlace(scope, level, id);
      return listed(scope, input, url, { place: { level, id } });
    },
    async unitSensorsCount(scope: Scope, unitId: number) {
      await requirePlace(scope, 'unit', unitId);
      return {
        count: await repository.count(scope, { place: { level: 'unit', id: unitId } }),
      };
    },
    get: async (scope: Scope, id: number) =>
      (
        await withUplinkLoss(scope, [shape(scope, await requireSensor(scope, id))])
      )[0] as Micrometer,
    getByMac: async (scope: Scope, mac: string) =>
      (
        await withUplinkLoss(scope, [shape(scope, await requireByMac(scope, mac))])
      )[0] as Micrometer,
    async recentSubmissions(scope: Scope, id: number, limit: number) {
      const record = await requireSensor(scope, id);
      const rows = await repository.recentSubmissions(scope, record.mac_address, limit);
      return { data: rows.map(toSubmission) };
    },
    async searchTop(scope: Scope, text: string) {
      return (await repository.searchTop(scope, text, 5)).map((row) => shape(scope, row));
    },
    exportAll: (scope: Scope, timeZone: string) =>
      csvFile(
        'sensors',
        csvColumns,
        keysetChunks(
          async (afterId, limit) =>
            (await repository.chunk(scope, afterId ?? 0, limit)).map((record) =>
              toCsvRow(shape(scope, record)),
            ),
          (row) => row.id,
        ),
        timeZone,
        now(),
      ),
    async getIssue(scope: Scope, id: number) {
      await requireSensor(scope, id);
      const row = await repository.issueOf(id);
      if (!row) throw new NotFound(m.notFound);
      return {
        ...row,
        reported_at: row.reported_at === null ? null : new Date(row.reported_at).toISOString(),
      };
    },
    async officeAssignmentOf(scope: Scope, sensorId: number) {
      const sensor = await requireSensor(scope, sensorId);
      const assignment = shape(scope, sensor).office_assignment;
      if (!assignment) throw new NotFound('This micrometer has no pending office assignment');
      await requirePlace(scope, 'building', assignment.building_id);
      return { ...assignment, sensor_id: sensor.id, mac_address: sensor.mac_address };
    },
    async officeAssignmentsOfBuilding(scope: Scope, buildingId: number) {
      await requirePlace(scope, 'building', buildingId);
      const rows = await repository.pendingOfficeAssignments(buildingId);
      return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
    },
  };
}
export type SensorReads = ReturnType<typeof createSensorReads>;
