// A company's appliance thresholds (spec section 7 "Companies", DESIGN section 8): the daily
// gallons per fixture type above which the company's sensors raise high-usage alerts, falling back
// to the fixture type's own daily high. Company admins keep their company's; system admins and
// support any. Every change is an event (`company_appliance_threshold`, the fixture type's id, the
// company), and writing the value already stored changes nothing.
import {
  isApplianceTypeId,
  applianceThresholdMessages as m,
  parseApplianceThreshold,
} from '@flowsight/domain/thresholds';
import { Invalid, NotFound } from '../../lib/errors.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { ApplianceThreshold, ThresholdsRepository } from './thresholds.repository.ts';

export const THRESHOLD_EVENT_ENTITY = 'company_appliance_threshold';

export function createThresholdsService(
  repository: ThresholdsRepository,
  now: () => Date = () => new Date(),
) {
  return {
    async list(scope: Scope, companyId: number): Promise<ApplianceThreshold[]> {
      const visible = await repository.companyId(scope, companyId);
      if (visible === undefined) throw new NotFound(m.companyNotFound);
      return repository.list(companyId);
    },

    /** `rawThreshold` is the path segment: gallons, or `none` to remove the company's value. */
    async set(
      scope: Scope,
      companyId: number,
      applianceTypeId: number,
      rawThreshold: string,
    ): Promise<ApplianceThreshold> {
      const problems: string[] = [];
      if (!isApplianceTypeId(applianceTypeId)) problems.push(m.unknownType);
      const parsed = parseApplianceThreshold(rawThreshold);
      if (!parsed.ok) problems.push(parsed.message);
      if (problems.length > 0 || !parsed.ok) throw new Invalid(problems);

      const result = await repository.set(
        scope,
        companyId,
        applianceTypeId,
        parsed.threshold,
        (before, after) =>
          before.threshold === after.threshold
            ? null
            : {
                entityType: THRESHOLD_EVENT_ENTITY,
                entityId: applianceTypeId,
                companyId,
                action: after.threshold === null ? 'removed' : 'set',
                from: { threshold: before.threshold },
                to: { threshold: after.threshold },
                note: after.name,
              },
        now(),
      );
      if (!result) throw new NotFound(m.companyNotFound);
      return result.after;
    },
  };
}
export type ThresholdsService = ReturnType<typeof createThresholdsService>;
