// The company dashboard's "Needs attention": the open leak incidents ordered by what they cost a
// month (the alerts service's own figures), the micrometers not transmitting and the gateways
// offline — each with its place, so the web links one click to where to act.
import type { Scope } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';
import type { AlertsService } from '../alerts/alerts.service.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { AttentionRepository } from './attention.repository.ts';
import type { NeedsAttention } from './attention.schemas.ts';

/** The most items of each kind the section lists (the counts say how many there are). */
export const ATTENTION_LIMIT = 10;

type Dependencies = {
  repository: AttentionRepository;
  alerts: Pick<AlertsService, 'openLeaks'>;
  portfolio: Pick<PortfolioService, 'requirePlace'>;
};

export function createAttentionService({ repository, alerts, portfolio }: Dependencies) {
  return {
    async needsAttention(scope: Scope, companyId: number): Promise<NeedsAttention> {
      await portfolio.requirePlace(scope, 'company', companyId);
      const [leaks, sensors, gateways] = await Promise.all([
        alerts.openLeaks(scope, companyId),
        repository.silentSensors(scope, companyId, ATTENTION_LIMIT),
        repository.offlineGateways(scope, companyId, ATTENTION_LIMIT),
      ]);
      // One line per incident, named by its lead alert and costed once.
      const leads = leaks.data.filter((leak) => leak.incident?.id === leak.id);
      const costliest = leads
        .sort(
          (a, b) =>
            (b.incident?.monthly_cost ?? -1) - (a.incident?.monthly_cost ?? -1) ||
            a.first_detected.localeCompare(b.first_detected) ||
            a.id - b.id,
        )
        .slice(0, ATTENTION_LIMIT);
      return {
        leaks: {
          count: leaks.incidents,
          alerts: leaks.count,
          monthly_cost: leaks.monthly_cost,
          data: costliest.map((leak) => ({
            id: leak.id,
            notification_type_id: leak.notification_type_id,
            alerts: leak.incident?.alert_ids.length ?? 1,
            rate: leak.incident?.rate ?? leak.rate,
            monthly_cost: leak.incident?.monthly_cost ?? leak.monthly_cost,
            first_detected: leak.first_detected,
            company_id: leak.company_id,
            property_id: leak.property_id,
            building_id: leak.building_id,
            unit_id: leak.unit_id,
            property_name: leak.property_name,
            building_name: leak.building_name,
            unit_name: leak.unit_name,
            appliance_type_id: leak.appliance_type_id,
          })),
        },
        silent_micrometers: {
          count: sensors[0]?.total ?? 0,
          data: sensors.map(({ total: _total, last_heard, ...sensor }) => ({
            ...sensor,
            last_heard: iso(last_heard),
          })),
        },
        gateways_offline: {
          count: gateways[0]?.total ?? 0,
          data: gateways.map(({ total: _total, last_seen_at, ...gateway }) => ({
            ...gateway,
            last_seen_at: iso(last_seen_at),
          })),
        },
      };
    },
  };
}
export type AttentionService = ReturnType<typeof createAttentionService>;
