// The company dashboard's "Needs attention" (issue 22): the open leaks ordered by what they cost a
// month (the alerts service's own figures), the micrometers not transmitting and the gateways
// offline — each with its place, so the web links one click to where to act.
import { roundMoney } from '@flowsight/domain/reports';
import { z } from 'zod';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { AlertsService } from '../alerts/alerts.service.ts';
import type { PortfolioService } from '../portfolio/portfolio.service.ts';
import type { AttentionRepository } from './attention.repository.ts';

/** The most items of each kind the section lists (the counts say how many there are). */
export const ATTENTION_LIMIT = 10;

const int = z.number().int();
const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** Where a leak or a micrometer is, down to its unit: what the web links to. */
const unitPlace = {
  company_id: int,
  property_id: int.nullable(),
  building_id: int.nullable(),
  unit_id: int.nullable(),
  property_name: z.string().nullable(),
  building_name: z.string().nullable(),
  unit_name: z.string().nullable(),
};

export const needsAttentionSchema = z.object({
  leaks: z.object({
    count: int,
    monthly_cost: z.number().describe('All open leaks together, USD a month'),
    data: z.array(
      z.object({
        id: int,
        notification_type_id: int,
        rate: z.number().nullable().describe('Gallons per month'),
        monthly_cost: z.number().nullable(),
        first_detected: z.string(),
        ...unitPlace,
        appliance_type_id: int.nullable(),
      }),
    ),
  }),
  silent_micrometers: z.object({
    count: int,
    data: z.array(
      z.object({
        id: int,
        mac_address: z.string(),
        sensor_status_id: int,
        appliance_type_id: int.nullable(),
        last_heard: z.string().nullable(),
        ...unitPlace,
      }),
    ),
  }),
  gateways_offline: z.object({
    count: int,
    data: z.array(
      z.object({
        id: int,
        serial_number: z.string(),
        name: z.string().nullable(),
        last_seen_at: z.string().nullable(),
        company_id: int,
        property_id: int.nullable(),
        building_id: int.nullable(),
        property_name: z.string().nullable(),
        building_name: z.string().nullable(),
      }),
    ),
  }),
});
export type NeedsAttention = z.infer<typeof needsAttentionSchema>;

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
      const costliest = [...leaks.data]
        .sort(
          (a, b) =>
            (b.monthly_cost ?? -1) - (a.monthly_cost ?? -1) ||
            a.first_detected.localeCompare(b.first_detected) ||
            a.id - b.id,
        )
        .slice(0, ATTENTION_LIMIT);
      return {
        leaks: {
          count: leaks.count,
          monthly_cost: roundMoney(leaks.monthly_cost),
          data: costliest.map((leak) => ({
            id: leak.id,
            notification_type_id: leak.notification_type_id,
            rate: leak.rate,
            monthly_cost: leak.monthly_cost,
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
