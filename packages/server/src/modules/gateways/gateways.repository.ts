// Queries of gateways and their building history. Every read and write goes through
// `visible(scope)`, the caller's scope as SQL (lib/tenant-scope.ts), so a gateway outside it is
// simply not found and never changed. Writes run in one transaction with their event. Rows leave
// here in the API's snake_case shape.
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { gatewayBuildingHistory, gateways } from '../../db/schema/fleet.ts';
import { users } from '../../db/schema/identity.ts';
import { buildings, companies, properties } from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { iso } from '../../lib/timestamps.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The scope condition of the gateways table. */
export const visible = (scope: Scope) =>
  scopeCondition(scope, {
    companyId: gateways.companyId,
    propertyId: gateways.propertyId,
    buildingId: gateways.buildingId,
  });

const gatewayColumns = {
  id: gateways.id,
  serial_number: gateways.serialNumber,
  name: gateways.name,
  model: gateways.model,
  company_id: gateways.companyId,
  company_name: companies.name,
  property_id: gateways.propertyId,
  property_name: properties.name,
  building_id: gateways.buildingId,
  building_name: buildings.name,
  gateway_status_id: gateways.gatewayStatusId,
  alerts_disabled: gateways.alertsDisabled,
  last_seen_at: gateways.lastSeenAt,
  created_at: gateways.createdAt,
  updated_at: gateways.updatedAt,
};
type RawGateway = {
  id: number;
  serial_number: string;
  name: string | null;
  model: string | null;
  company_id: number | null;
  company_name: string | null;
  property_id: number | null;
  property_name: string | null;
  building_id: number | null;
  building_name: string | null;
  gateway_status_id: number;
  alerts_disabled: boolean;
  last_seen_at: Date | null;
  created_at: Date;
  updated_at: Date;
};
export type GatewayRecord = Omit<RawGateway, 'last_seen_at' | 'created_at' | 'updated_at'> & {
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
};
/** A gateway as the CSV export reads it: dates stay dates. */
export type GatewayExportRow = RawGateway;

const toRecord = (row: RawGateway): GatewayRecord => ({
  ...row,
  last_seen_at: iso(row.last_seen_at),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export const gatewayList = defineList({
  sortable: {
    ...sortColumns(gateways, ['serialNumber', 'name', 'gatewayStatusId', 'lastSeenAt']),
    building_name: buildings.name,
  },
  filterable: filterColumns(gateways, [
    'gatewayStatusId',
    'companyId',
    'propertyId',
    'buildingId',
    'alertsDisabled',
  ]),
  searchable: [gateways.serialNumber, gateways.name, buildings.name],
  defaultSort: [{ field: 'serial_number', direction: 'ASC' }],
  tieBreaker: gateways.id,
});

export type GatewayFields = {
  serialNumber?: string;
  name?: string | null;
  model?: string | null;
  gatewayStatusId?: number;
  alertsDisabled?: boolean;
};
/** Where a gateway is placed: a building with its company and property, or nowhere (stock). */
export type Placement = {
  buildingId: number | null;
  companyId: number | null;
  propertyId: number | null;
};

export function createGatewaysRepository(db: Database) {
  const from = <S extends Record<string, unknown>>(executor: Database | Transaction, columns: S) =>
    executor
      .select(columns as never)
      .from(gateways)
      .leftJoin(companies, eq(companies.id, gateways.companyId))
      .leftJoin(properties, eq(properties.id, gateways.propertyId))
      .leftJoin(buildings, eq(buildings.id, gateways.buildingId));

  async function one(executor: Database | Transaction, scope: Scope, id: number) {
    const [row] = (await from(executor, gatewayColumns).where(
      and(eq(gateways.id, id), visible(scope)),
    )) as unknown as RawGateway[];
    return row;
  }

  /** Closes the open history row and opens one for the new building, if any. */
  async function moveHistory(
    tx: Transaction,
    scope: Scope,
    gatewayId: number,
    placement: Placement,
    at: Date,
  ) {
    await tx
      .update(gatewayBuildingHistory)
      .set({ unassignedAt: at })
      .where(
        and(
          eq(gatewayBuildingHistory.gatewayId, gatewayId),
          isNull(gatewayBuildingHistory.unassignedAt),
        ),
      );
    if (placement.buildingId !== null) {
      await tx.insert(gatewayBuildingHistory).values({
        gatewayId,
        companyId: placement.companyId,
        buildingId: placement.buildingId,
        assignedAt: at,
        assignedBy: scope.userId,
      });
    }
  }

  return {
    async page(scope: Scope, query: ListQuery) {
      const condition = and(visible(scope), query.where);
      const [rows, [total]] = await Promise.all([
        from(db, gatewayColumns)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<RawGateway[]>,
        from(db, { total: count() }).where(condition) as unknown as Promise<{ total: number }[]>,
      ]);
      return { rows: rows.map(toRecord), total: total?.total ?? 0 };
    },

    async one(scope: Scope, id: number): Promise<GatewayRecord | undefined> {
      const row = await one(db, scope, id);
      return row && toRecord(row);
    },

    /** Visible gateways after `afterId` by id (keyset chunks of the CSV export). */
    chunk(scope: Scope, afterId: number | undefined, limit: number) {
      return from(db, gatewayColumns)
        .where(and(visible(scope), afterId === undefined ? undefined : gt(gateways.id, afterId)))
        .orderBy(asc(gateways.id))
        .limit(limit) as unknown as Promise<GatewayExportRow[]>;
    },

    /** At most `limit` gateways whose serial or name contains the text, best match first. */
    async searchTop(scope: Scope, text: string, limit: number) {
      const anywhere = `%${escapeLike(text)}%`;
      const prefix = `${escapeLike(text)}%`;
      const rows = (await from(db, gatewayColumns)
        .where(
          and(
            visible(scope),
            or(ilike(gateways.serialNumber, anywhere), ilike(gateways.name, anywhere)),
          ),
        )
        .orderBy(
          // An exact serial, then a serial starting with the text, then a name starting with it.
          sql`case when lower(${gateways.serialNumber}) = lower(${text}) then 0
                   when ${gateways.serialNumber} ilike ${prefix} then 1
                   when ${gateways.name} ilike ${prefix} then 2 else 3 end`,
          asc(sql`length(${gateways.serialNumber})`),
          asc(gateways.serialNumber),
          asc(gateways.id),
        )
        .limit(limit)) as unknown as RawGateway[];
      return rows.map(toRecord);
    },

    /** The id of the gateway with this serial, if one exists (any tenant: serials are global). */
    async idOfSerial(serialNumber: string) {
      const [row] = await db
        .select({ id: gateways.id })
        .from(gateways)
        .where(eq(gateways.serialNumber, serialNumber));
      return row?.id;
    },

    /** A building the caller can see, with the company and property it belongs to. */
    async placementOf(scope: Scope, buildingId: number): Promise<Placement | undefined> {
      const [row] = await db
        .select({
          buildingId: buildings.id,
          companyId: buildings.companyId,
          propertyId: buildings.propertyId,
        })
        .from(buildings)
        .where(
          and(
            eq(buildings.id, buildingId),
            scopeCondition(scope, {
              companyId: buildings.companyId,
              propertyId: buildings.propertyId,
              buildingId: buildings.id,
            }),
          ),
        );
      return row;
    },

    async create(
      scope: Scope,
      fields: GatewayFields & { serialNumber: string },
      placement: Placement,
      event: Omit<EventInput, 'entityId' | 'companyId' | 'entityType'>,
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(gateways)
          .values({ ...fields, ...placement })
          .returning({ id: gateways.id });
        if (!row) throw new Error('gateway not created');
        if (placement.buildingId !== null) await moveHistory(tx, scope, row.id, placement, at);
        await recordEvent(tx, scope, {
          ...event,
          entityType: 'gateway',
          entityId: row.id,
          companyId: placement.companyId,
        });
        return row.id;
      });
    },

    /**
     * Changes a visible gateway; with `placement`, it moves to that building (or to stock) and its
     * history follows. Answers false when the gateway is not visible (nothing changed).
     */
    async update(
      scope: Scope,
      id: number,
      fields: GatewayFields,
      placement: Placement | undefined,
      events: readonly Omit<EventInput, 'entityId' | 'companyId' | 'entityType'>[],
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        const current = await one(tx, scope, id);
        if (!current) return false;
        const changed = await tx
          .update(gateways)
          .set({ ...fields, ...(placement ?? {}), updatedAt: at })
          .where(and(eq(gateways.id, id), visible(scope)))
          .returning({ id: gateways.id });
        if (changed.length === 0) return false;
        if (placement) await moveHistory(tx, scope, id, placement, at);
        for (const event of events) {
          await recordEvent(tx, scope, {
            ...event,
            entityType: 'gateway',
            entityId: id,
            companyId: placement?.companyId ?? current.company_id,
          });
        }
        return true;
      });
    },

    /** Deletes a visible gateway (its history goes with it); false when not visible. */
    async remove(scope: Scope, id: number, event: Pick<EventInput, 'from'>) {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(gateways)
          .where(and(eq(gateways.id, id), visible(scope)))
          .returning({ id: gateways.id, companyId: gateways.companyId });
        const [row] = removed;
        if (!row) return false;
        await recordEvent(tx, scope, {
          ...event,
          entityType: 'gateway',
          entityId: id,
          action: 'deleted',
          companyId: row.companyId,
        });
        return true;
      });
    },

    /** The gateway's buildings, newest first, limited to the history rows the caller may see. */
    history(scope: Scope, gatewayId: number) {
      return db
        .select({
          id: gatewayBuildingHistory.id,
          building_id: gatewayBuildingHistory.buildingId,
          building_name: buildings.name,
          property_id: buildings.propertyId,
          property_name: properties.name,
          company_id: gatewayBuildingHistory.companyId,
          company_name: companies.name,
          assigned_at: gatewayBuildingHistory.assignedAt,
          unassigned_at: gatewayBuildingHistory.unassignedAt,
          assigned_by_id: users.id,
          assigned_by_first_name: users.firstName,
          assigned_by_last_name: users.lastName,
        })
        .from(gatewayBuildingHistory)
        .innerJoin(buildings, eq(buildings.id, gatewayBuildingHistory.buildingId))
        .innerJoin(properties, eq(properties.id, buildings.propertyId))
        .leftJoin(companies, eq(companies.id, gatewayBuildingHistory.companyId))
        .leftJoin(users, eq(users.id, gatewayBuildingHistory.assignedBy))
        .where(
          and(
            eq(gatewayBuildingHistory.gatewayId, gatewayId),
            scopeCondition(scope, {
              companyId: gatewayBuildingHistory.companyId,
              buildingId: gatewayBuildingHistory.buildingId,
            }),
          ),
        )
        .orderBy(desc(gatewayBuildingHistory.assignedAt), desc(gatewayBuildingHistory.id));
    },
  };
}
export type GatewaysRepository = ReturnType<typeof createGatewaysRepository>;
