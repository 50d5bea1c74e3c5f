// Queries of the event log (`events`, written by every module through db/queries/record-event.ts): one page
// with the actor's name and email and the company's name. Rows pass through `scopeCondition` on
// the event's company like every tenant-owned table, although only system roles may list them.
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { events } from '../../db/schema/alerts.ts';
import { userRoles, users } from '../../db/schema/identity.ts';
import { companies } from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';

const actorName = sql<
  string | null
>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

const eventColumns = {
  id: events.id,
  occurred_at: events.occurredAt,
  actor_user_id: events.actorUserId,
  actor_name: actorName,
  actor_email: users.email,
  actor_role_id: events.actorRoleId,
  actor_role_type_id: userRoles.userRoleTypeId,
  company_id: events.companyId,
  company_name: companies.name,
  entity_type: events.entityType,
  entity_id: events.entityId,
  action: events.action,
  from_value: events.fromValue,
  to_value: events.toValue,
  note: events.note,
};
type RawEvent = {
  id: number;
  occurred_at: Date;
  actor_user_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_role_id: number | null;
  actor_role_type_id: number | null;
  company_id: number | null;
  company_name: string | null;
  entity_type: string;
  entity_id: number;
  action: string;
  from_value: unknown;
  to_value: unknown;
  note: string | null;
};
export type EventRecord = Omit<RawEvent, 'occurred_at'> & { occurred_at: string };

export const eventList = defineList({
  sortable: {
    ...sortColumns(events, ['occurredAt', 'entityType', 'action']),
    company_name: companies.name,
    actor_name: actorName,
  },
  filterable: filterColumns(events, [
    'entityType',
    'entityId',
    'action',
    'companyId',
    'actorUserId',
    'occurredAt',
  ]),
  searchable: [events.action, events.note, events.entityType],
  defaultSort: [{ field: 'occurred_at', direction: 'DESC' }],
  // Events of one transaction share its timestamp: the later insert (higher id) comes first.
  tieBreaker: sql`-${events.id}`,
});

export function createEventsRepository(db: Database) {
  const from = <S extends Record<string, unknown>>(columns: S) =>
    db
      .select(columns as never)
      .from(events)
      .leftJoin(users, eq(users.id, events.actorUserId))
      .leftJoin(userRoles, eq(userRoles.id, events.actorRoleId))
      .leftJoin(companies, eq(companies.id, events.companyId));

  return {
    async page(scope: Scope, query: ListQuery) {
      const condition = and(scopeCondition(scope, { companyId: events.companyId }), query.where);
      const [rows, [total]] = await Promise.all([
        from(eventColumns)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<RawEvent[]>,
        from({ total: count() }).where(condition) as unknown as Promise<{ total: number }[]>,
      ]);
      return {
        rows: rows.map(
          (row): EventRecord => ({
            ...row,
            id: Number(row.id),
            occurred_at: row.occurred_at.toISOString(),
          }),
        ),
        total: Number(total?.total ?? 0),
      };
    },
  };
}
export type EventsRepository = ReturnType<typeof createEventsRepository>;
