// Gallon thresholds (`/sensors/gallon-thresholds`): a micrometer's own daily high-usage limit in
// gallons, one per micrometer. Company admins keep those of their company's micrometers; system
// admins and support any. A threshold belongs to the company its micrometer is assigned to.
import {
  type GallonThresholdCreate,
  gallonThresholdValueSchema,
  fleetSettingsMessages as m,
} from '@flowsight/domain/fleet-settings';
import { normalizeMac } from '@flowsight/domain/mac';
import { recordEvent } from '../../db/queries/record-event.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import type { ListQueryInput } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { type GallonThreshold, gallonThresholdList } from './fleet-settings.schemas.ts';
import type { GallonThresholdsRepository } from './gallon-thresholds.repository.ts';

/** The value from the path: a number of gallons above 0, at most three decimals. */
function valueFrom(raw: string): number {
  const text = raw.trim();
  const parsed = gallonThresholdValueSchema.safeParse(
    /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN,
  );
  if (!parsed.success) throw new Invalid(parsed.error.issues.map((issue) => issue.message));
  return parsed.data;
}

export function createGallonThresholdsService(
  repository: GallonThresholdsRepository,
  now: () => Date = () => new Date(),
) {
  const event = (
    threshold: GallonThreshold,
    action: string,
    values: { from?: unknown; to?: unknown },
  ) => ({
    entityType: 'sensor_gallon_threshold',
    entityId: threshold.id,
    action,
    companyId: threshold.company_id,
    note: threshold.mac_address,
    ...values,
  });

  return {
    async list(scope: Scope, input: ListQueryInput, url: string) {
      return gallonThresholdList.page(input, url, (query) => repository.page(scope, query));
    },

    async create(scope: Scope, body: GallonThresholdCreate): Promise<GallonThreshold> {
      let by: { id: number } | { mac: string };
      if (body.sensor_id !== undefined) by = { id: body.sensor_id };
      else {
        const mac = normalizeMac(body.mac ?? '');
        if (mac === null) throw new Invalid([m.macInvalid]);
        by = { mac };
      }
      const sensor = await repository.sensor(scope, by);
      if (!sensor) throw new NotFound(m.micrometerNotFound);
      if (sensor.companyId === null) throw new Conflict(m.micrometerUnassigned);
      return repository.transaction(async (tx) => {
        const id = await repository.insert(tx, sensor, body.value);
        if (id === undefined) throw new Conflict(m.thresholdExists);
        const created = await repository.oneIn(tx, scope, id);
        if (!created) throw new NotFound(m.thresholdNotFound);
        await recordEvent(tx, scope, event(created, 'created', { to: { value: created.value } }));
        return created;
      });
    },

    async update(scope: Scope, id: number, rawValue: string): Promise<GallonThreshold> {
      const value = valueFrom(rawValue);
      return repository.transaction(async (tx) => {
        const before = await repository.setValue(tx, scope, id, value, now());
        if (!before) throw new NotFound(m.thresholdNotFound);
        const after = await repository.oneIn(tx, scope, id);
        if (!after) throw new NotFound(m.thresholdNotFound);
        await recordEvent(
          tx,
          scope,
          event(after, 'updated', { from: { value: before.value }, to: { value: after.value } }),
        );
        return after;
      });
    },

    async remove(scope: Scope, id: number): Promise<GallonThreshold> {
      return repository.transaction(async (tx) => {
        const removed = await repository.remove(tx, scope, id);
        if (!removed) throw new NotFound(m.thresholdNotFound);
        await recordEvent(tx, scope, event(removed, 'deleted', { from: { value: removed.value } }));
        return removed;
      });
    },
  };
}
export type GallonThresholdsService = ReturnType<typeof createGallonThresholdsService>;
