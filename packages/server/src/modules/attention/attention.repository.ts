// The company dashboard's "Needs attention" reads of devices: installed micrometers not
// transmitting and gateways offline, each with the place it sits in, in the caller's scope. The
// open leaks come from the alerts service (their monthly cost is the alert's own).
import { GatewayStatus, SensorState, SensorStatus } from '@flowsight/domain/lookups';
import { sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../db/client.ts';
import { scoped } from '../../db/queries/rollup-reads.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

export type SilentSensorRow = {
  id: number;
  mac_address: string;
  sensor_status_id: number;
  appliance_type_id: number | null;
  last_heard: Date | string | null;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  property_name: string | null;
  building_name: string | null;
  unit_name: string | null;
  total: number;
};
export type OfflineGatewayRow = {
  id: number;
  serial_number: string;
  name: string | null;
  last_seen_at: Date | string | null;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  property_name: string | null;
  building_name: string | null;
  total: number;
};

export function createAttentionRepository(db: Database) {
  return {
    /** Installed micrometers not transmitting, silent longest first (at most `limit`, and how many). */
    silentSensors(scope: Scope, companyId: number, limit: number) {
      return selectRows<SilentSensorRow>(
        db,
        sql`
        select s.id, s.mac_address, s.sensor_status_id, s.appliance_type_id,
               greatest(s.last_keepalive, s.last_submission) as last_heard,
               s.company_id, s.property_id, s.building_id, s.unit_id,
               p.name as property_name, b.name as building_name, u.name as unit_name,
               (count(*) over ())::int as total
        from sensors s
        left join properties p on p.id = s.property_id
        left join buildings b on b.id = s.building_id
        left join units u on u.id = s.unit_id
        where s.company_id = ${companyId} and s.sensor_state_id = ${SensorState.Installed}
          and s.sensor_status_id <> ${SensorStatus.Transmitting} and ${scoped(scope, 's')}
        order by greatest(s.last_keepalive, s.last_submission) asc nulls first, s.id
        limit ${limit}`,
      );
    },
    /** Gateways offline, silent longest first (at most `limit`, and how many). */
    offlineGateways(scope: Scope, companyId: number, limit: number) {
      // As the gateways list scopes them: a gateway serves its whole building.
      const where =
        scopeCondition(scope, {
          companyId: sql.raw('g.company_id'),
          propertyId: sql.raw('g.property_id'),
          buildingId: sql.raw('g.building_id'),
        }) ?? sql`true`;
      return selectRows<OfflineGatewayRow>(
        db,
        sql`
        select g.id, g.serial_number, g.name, g.last_seen_at, g.company_id, g.property_id,
               g.building_id, p.name as property_name, b.name as building_name,
               (count(*) over ())::int as total
        from gateways g
        left join properties p on p.id = g.property_id
        left join buildings b on b.id = g.building_id
        where g.company_id = ${companyId} and g.gateway_status_id = ${GatewayStatus.Offline}
          and ${where}
        order by g.last_seen_at asc nulls first, g.id
        limit ${limit}`,
      );
    },
  };
}
export type AttentionRepository = ReturnType<typeof createAttentionRepository>;
