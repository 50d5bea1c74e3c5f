// Micrometer configuration (spec section 7, Sensors; DESIGN section 7, port 3): a sensor's stored
// configuration with its downlink, and downlinks for a MAC address or every sensor of a building.
// Each queues its frames in the transaction that records the change, then wakes the publisher.
import { type ConfigParams, micrometerMessages as m } from '@flowsight/domain/micrometers';
import type { Database } from '../../db/client.ts';
import { Conflict, NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { DownlinkQueue } from './downlinks.ts';
import { requireManaged, type SensorLookups } from './sensors.lookups.ts';
import { type SensorRecord, type SensorsRepository, sensorList } from './sensors.repository.ts';

type Dependencies = {
  db: Database;
  repository: SensorsRepository;
  lookups: SensorLookups;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  downlinks: DownlinkQueue;
  now: () => Date;
};

export function createSensorConfiguration({
  db,
  repository,
  lookups,
  portfolio,
  downlinks,
  now,
}: Dependencies) {
  const { requireSensor, requireByMac, reread } = lookups;

  /** Every sensor of a building the scope lists, page by page in the list's order. */
  async function sensorsOfBuilding(scope: Scope, buildingId: number) {
    const query = sensorList.toQuery({ page: 1, limit: 500 });
    const targets: SensorRecord[] = [];
    for (let page = 1; ; page += 1) {
      const { rows } = await repository.page(
        scope,
        { ...query, page, offset: (page - 1) * query.limit },
        { place: { level: 'building', id: buildingId } },
      );
      targets.push(...rows);
      if (rows.length < query.limit) break;
    }
    return targets;
  }

  return {
    async configure(scope: Scope, id: number, params: ConfigParams) {
      const sensor = await requireSensor(scope, id);
      requireManaged(scope, sensor);
      await db.transaction(async (tx) => {
        const config = { ...(sensor.config ?? {}), ...params };
        await repository.update(
          scope,
          sensor,
          { config },
          { action: 'config', from: sensor.config, to: config },
          now(),
          tx,
        );
        await downlinks.enqueue(scope, [sensor], params, tx);
      });
      downlinks.wake();
      return reread(id);
    },
    async downlinkForMac(scope: Scope, mac: string, params: ConfigParams) {
      const sensor = await requireByMac(scope, mac);
      requireManaged(scope, sensor);
      const [queued] = await db.transaction((tx) => downlinks.enqueue(scope, [sensor], params, tx));
      downlinks.wake();
      if (!queued) throw new NotFound(m.notFound);
      return queued;
    },
    async downlinkForBuilding(scope: Scope, buildingId: number, params: ConfigParams) {
      await portfolio.requirePlace(scope, 'building', buildingId);
      const targets = await sensorsOfBuilding(scope, buildingId);
      if (targets.length === 0) throw new Conflict(m.noSensorsInBuilding);
      const queued = await db.transaction((tx) => downlinks.enqueue(scope, targets, params, tx));
      downlinks.wake();
      return { queued: queued.length, downlinks: queued };
    },
  };
}
export type SensorConfiguration = ReturnType<typeof createSensorConfiguration>;
