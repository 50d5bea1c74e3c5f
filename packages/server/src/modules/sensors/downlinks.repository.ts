// Queries of the configuration downlink queue (`downlinks`): the scoped list, the insert of a
// queued frame with its event, and the publisher's claim of queued rows (`FOR UPDATE SKIP LOCKED`,
// so replicas never publish the same downlink twice) and their outcome.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { downlinks } from '../../db/schema/fleet.ts';
import { buildings } from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { Downlink } from './sensors.schemas.ts';

export const downlinkList = defineList({
  sortable: sortColumns(downlinks, ['createdAt', 'sentAt', 'status', 'macAddress']),
  filterable: filterColumns(downlinks, [
    'status',
    'macAddress',
    'buildingId',
    'companyId',
    'createdAt',
  ]),
  searchable: [downlinks.macAddress, buildings.name],
  defaultSort: [{ field: 'created_at', direction: 'DESC' }],
  tieBreaker: downlinks.id,
});

const columns = {
  id: downlinks.id,
  sensor_id: downlinks.sensorId,
  mac_address: downlinks.macAddress,
  company_id: downlinks.companyId,
  building_id: downlinks.buildingId,
  building_name: buildings.name,
  port: downlinks.port,
  params: downlinks.params,
  payload_hex: sql<string>`encode(${downlinks.payload}, 'hex')`,
  status: downlinks.status,
  error: downlinks.error,
  created_at: downlinks.createdAt,
  sent_at: downlinks.sentAt,
};
export type DownlinkRecord = Omit<Downlink, 'created_at' | 'sent_at'> & {
  created_at: Date | string;
  sent_at: Date | string | null;
};
const visible = (scope: Scope) =>
  scopeCondition(scope, { companyId: downlinks.companyId, buildingId: downlinks.buildingId });

/** A frame to queue for one micrometer. */
export type QueuedDownlink = {
  readonly companyId: number | null;
  readonly buildingId: number | null;
  readonly sensorId: number;
  readonly macAddress: string;
  readonly port: number;
  readonly params: Record<string, number>;
  readonly payload: Uint8Array;
  readonly createdBy: number;
};

/** A queued frame claimed for publishing (its payload in base64). */
export type ClaimedDownlink = { id: number; mac: string; port: number; payload: string };

/**
 * Every method but the claim runs on the database, or on the caller's transaction when one is
 * given (`tx ?? db`); the claim opens its own, which the publisher's writes then join.
 */
export function createDownlinksRepository(db: Database) {
  return {
    /** Queues one frame and records its event (in the caller's transaction); answers its id. */
    async insert(scope: Scope, frame: QueuedDownlink, event: EventInput, tx?: Executor) {
      const ex = tx ?? db;
      const [row] = await ex
        .insert(downlinks)
        .values({
          companyId: frame.companyId,
          buildingId: frame.buildingId,
          sensorId: frame.sensorId,
          macAddress: frame.macAddress,
          port: frame.port,
          params: frame.params,
          payload: frame.payload,
          createdBy: frame.createdBy,
        })
        .returning({ id: downlinks.id });
      if (!row) return undefined;
      await recordEvent(ex, scope, event);
      return row.id;
    },
    async page(scope: Scope, query: ListQuery, tx?: Executor) {
      const ex = tx ?? db;
      const where = and(visible(scope), query.where);
      const [rows, [total]] = await Promise.all([
        ex
          .select(columns)
          .from(downlinks)
          .leftJoin(buildings, eq(buildings.id, downlinks.buildingId))
          .where(where)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<DownlinkRecord[]>,
        ex
          .select({ total: count() })
          .from(downlinks)
          .leftJoin(buildings, eq(buildings.id, downlinks.buildingId))
          .where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    /**
     * Runs `publish` in one transaction over up to `limit` queued frames, oldest first, locked so
     * that another replica skips them; answers how many were claimed.
     */
    claimQueued(
      limit: number,
      publish: (tx: Transaction, rows: ClaimedDownlink[]) => Promise<void>,
    ) {
      return db.transaction(async (tx) => {
        const rows = (await tx
          .select({
            id: downlinks.id,
            mac: downlinks.macAddress,
            port: downlinks.port,
            payload: sql<string>`encode(${downlinks.payload}, 'base64')`,
          })
          .from(downlinks)
          .where(eq(downlinks.status, 'queued'))
          .orderBy(downlinks.id)
          .limit(limit)
          .for('update', { skipLocked: true })) as ClaimedDownlink[];
        await publish(tx, rows);
        return rows.length;
      });
    },
    async markSent(id: number, tx?: Executor) {
      await (tx ?? db)
        .update(downlinks)
        .set({ status: 'sent', sentAt: new Date(), error: null })
        .where(eq(downlinks.id, id));
    },
    async markFailed(id: number, error: string, tx?: Executor) {
      await (tx ?? db)
        .update(downlinks)
        .set({ status: 'failed', error })
        .where(eq(downlinks.id, id));
    },
  };
}
export type DownlinksRepository = ReturnType<typeof createDownlinksRepository>;
