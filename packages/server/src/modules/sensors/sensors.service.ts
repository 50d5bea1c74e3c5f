// Micrometers (spec section 7, Sensors): the service routes and other modules call, composed of
// the reads (sensors.reads.ts: lists, lookups, details, counts, export), the lifecycle writes
// (sensors.lifecycle.ts: install, uninstall, state and status, reservations, issues, delete) and
// the configuration downlinks (sensors.configuration.ts), which share the lookups of one sensor
// (sensors.lookups.ts). SQL lives in sensors.repository.ts and downlinks.repository.ts.
import type { Database } from '../../db/client.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { DownlinkQueue } from './downlinks.ts';
import { createSensorConfiguration } from './sensors.configuration.ts';
import { createSensorLifecycle } from './sensors.lifecycle.ts';
import { createSensorLookups } from './sensors.lookups.ts';
import { createSensorReads } from './sensors.reads.ts';
import type { FleetList, SensorsRepository } from './sensors.repository.ts';

export type { FleetList };

type Dependencies = {
  db: Database;
  repository: SensorsRepository;
  /** The place check (`requirePlace`) of the portfolio. */
  portfolio: Pick<PortfolioService, 'requirePlace'>;
  downlinks: DownlinkQueue;
  now?: () => Date;
};

export function createSensorsService({
  db,
  repository,
  portfolio,
  downlinks,
  now = () => new Date(),
}: Dependencies) {
  const lookups = createSensorLookups(repository);
  const reads = createSensorReads({ repository, lookups, portfolio, now });
  return {
    ...reads,
    ...createSensorLifecycle({ db, repository, lookups, reads, portfolio, now }),
    ...createSensorConfiguration({ db, repository, lookups, portfolio, downlinks, now }),
  };
}
export type SensorsService = ReturnType<typeof createSensorsService>;
