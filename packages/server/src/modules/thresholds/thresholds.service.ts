// A company's appliance thresholds (spec section 7 "Companies", DESIGN section 8): the daily
// gallons per fixture type above which the company's sensors raise high-usage alerts, falling back
// to the fixture type's own daily high. Company admins keep their company's; system admins and
// support any. Every change is an event (`company_appliance_threshold`, the fixture type's id, the
// company), and writing the value already stored changes nothing. Beside them, the company's
// unaccounted-water threshold (docs/detection.md): the share of a building's use and the least
// gallons a day no fixture accounts for, each falling back to the domain's default; its changes
// are events `company_unaccounted_threshold` (entity: the company).
import {
  isApplianceTypeId,
  applianceThresholdMessages as m,
  parseApplianceThreshold,
  type UnaccountedThresholdInput,
  unaccountedThresholdProblems,
} from '@flowsight/domain/thresholds';
import { UNACCOUNTED_WINDOW_DAYS, unaccountedWaterDefaults } from '@flowsight/domain/unaccounted';
import { Invalid, NotFound } from '../../lib/errors.ts';
import { requireActsAt, type Scope } from '../../lib/tenant-scope.ts';
import type {
  ApplianceThreshold,
  ThresholdsRepository,
  UnaccountedThresholdRow,
} from './thresholds.repository.ts';

export const THRESHOLD_EVENT_ENTITY = 'company_appliance_threshold';
export const UNACCOUNTED_EVENT_ENTITY = 'company_unaccounted_threshold';

/** The company's unaccounted-water values beside the defaults that apply without them. */
export type UnaccountedThreshold = UnaccountedThresholdRow & {
  default_share_percent: number;
  default_min_gallons_per_day: number;
  window_days: number;
};

const withDefaults = (row: UnaccountedThresholdRow): UnaccountedThreshold => ({
  ...row,
  default_share_percent: unaccountedWaterDefaults.sharePercent,
  default_min_gallons_per_day: unaccountedWaterDefaults.minGallonsPerDay,
  window_days: UNACCOUNTED_WINDOW_DAYS,
});

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
      requireActsAt(scope, 'company');

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

    async unaccounted(scope: Scope, companyId: number): Promise<UnaccountedThreshold> {
      const visible = await repository.companyId(scope, companyId);
      if (visible === undefined) throw new NotFound(m.companyNotFound);
      return withDefaults(await repository.unaccounted(companyId));
    },

    /** Sets both values; null returns a value to its default. */
    async setUnaccounted(
      scope: Scope,
      companyId: number,
      input: UnaccountedThresholdInput,
    ): Promise<UnaccountedThreshold> {
      const problems = unaccountedThresholdProblems(input);
      if (problems.length > 0) throw new Invalid(problems);
      requireActsAt(scope, 'company');
      const result = await repository.setUnaccounted(
        scope,
        companyId,
        { share_percent: input.share_percent, min_gallons_per_day: input.min_gallons_per_day },
        (before, after) =>
          before.share_percent === after.share_percent &&
          before.min_gallons_per_day === after.min_gallons_per_day
            ? null
            : {
                entityType: UNACCOUNTED_EVENT_ENTITY,
                entityId: companyId,
                companyId,
                action: 'set',
                from: before,
                to: after,
              },
        now(),
      );
      if (!result) throw new NotFound(m.companyNotFound);
      return withDefaults(result.after);
    },
  };
}
export type ThresholdsService = ReturnType<typeof createThresholdsService>;
