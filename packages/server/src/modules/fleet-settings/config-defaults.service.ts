// Configuration defaults (`/sensors/config-defaults`): the value each sensor configuration
// parameter (report interval, keep-alive interval, …) takes unless a sensor is configured
// otherwise. System admins change them within each parameter's range; every change is an event.
import { configDefaultProblem, fleetSettingsMessages } from '@flowsight/domain/fleet-settings';
import { recordEvent } from '../../db/queries/record-event.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { ConfigDefaultsRepository } from './config-defaults.repository.ts';
import type { ConfigDefault } from './fleet-settings.schemas.ts';

export function createConfigDefaultsService(repository: ConfigDefaultsRepository) {
  return {
    list: () => repository.list(),

    /** `rawValue` is the path segment as sent: anything but a whole number in range is refused. */
    async update(scope: Scope, id: number, rawValue: string): Promise<ConfigDefault> {
      return repository.transaction(async (tx) => {
        const current = await repository.one(tx, id);
        if (!current) throw new NotFound(fleetSettingsMessages.configDefaultNotFound);
        if (!current.editable) throw new Forbidden(fleetSettingsMessages.configDefaultLocked);
        const value = /^-?\d+$/.test(rawValue.trim()) ? Number(rawValue) : Number.NaN;
        const problem = configDefaultProblem(
          { name: current.name, min: current.min_value, max: current.max_value },
          value,
        );
        if (problem) throw new Invalid([problem]);
        const updated = await repository.setValue(tx, id, value);
        await recordEvent(tx, scope, {
          entityType: 'sensor_config_default',
          entityId: id,
          action: 'updated',
          companyId: null,
          from: { value: current.value },
          to: { value },
        });
        return updated;
      });
    },
  };
}
export type ConfigDefaultsService = ReturnType<typeof createConfigDefaultsService>;
