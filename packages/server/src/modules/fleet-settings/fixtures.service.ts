// The fixtures catalogue (`/appliances`): the 22 fixture types with the leak-detection parameters
// leak detection reads, which system admins tune. Every edit records who made it, when, and an
// event with the values before and after.
import {
  type FixtureDetectionUpdate,
  fleetSettingsMessages,
} from '@flowsight/domain/fleet-settings';
import { recordEvent } from '../../db/queries/record-event.ts';
import { NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { FixturesRepository } from './fixtures.repository.ts';
import type { FixtureType } from './fleet-settings.schemas.ts';

const detectionOf = (row: FixtureType) => ({
  continuous_hours: row.continuous_hours,
  hourly_min_gal: row.hourly_min_gal,
  night_flow: row.night_flow,
  daily_high_gal: row.daily_high_gal,
});

export function createFixturesService(
  repository: FixturesRepository,
  now: () => Date = () => new Date(),
) {
  return {
    list: () => repository.list(),

    async update(scope: Scope, id: number, change: FixtureDetectionUpdate): Promise<FixtureType> {
      return repository.transaction(async (tx) => {
        const before = await repository.one(id, tx);
        if (!before) throw new NotFound(fleetSettingsMessages.fixtureNotFound);
        await repository.update(
          tx,
          id,
          {
            continuousHours: change.continuous_hours,
            hourlyMinGal: change.hourly_min_gal,
            nightFlow: change.night_flow,
            dailyHighGal: change.daily_high_gal,
          },
          scope.userId,
          now(),
        );
        const after = await repository.one(id, tx);
        if (!after) throw new NotFound(fleetSettingsMessages.fixtureNotFound);
        await recordEvent(tx, scope, {
          entityType: 'appliance_type',
          entityId: id,
          action: 'detection_updated',
          companyId: null,
          from: detectionOf(before),
          to: detectionOf(after),
        });
        return after;
      });
    },
  };
}
export type FixturesService = ReturnType<typeof createFixturesService>;
