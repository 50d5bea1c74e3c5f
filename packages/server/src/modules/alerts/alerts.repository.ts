// Alert reads: one row shape (the alert with its place, sensor or gateway, fixture and room names,
// the property's water price, who last changed it, its assignee and snooze), the paged list
// definition and the scope rule (the alert's hierarchy ids, like every tenant-owned table); per
// page, the newest event of each alert and the other open alerts of the same device; the people an
// alert may be assigned to; and the writes of the status service (alerts.status.ts): status,
// assignee, snooze and the system's end of a snooze, each with its event.

import type { LeakFacts } from '@flowsight/domain/leak-incidents';
import {
  NotificationCategory,
  NotificationStatus,
  openNotificationStatuses,
  UserStatus,
} from '@flowsight/domain/lookups';
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import { COMPANY_GRANTABLE_ROLE_TYPES, SYSTEM_ROLE_TYPES } from '@flowsight/domain/roles';
import { DEFAULT_WATER_PRICE_PER_KGAL } from '@flowsight/domain/water-cost';
import {
  and,
  asc,
  type Column,
  count,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { placeIdFilters, placeIds, placeScope } from '../../db/queries/place-columns.ts';
import { inPlace } from '../../db/queries/places.ts';
import { type EventInput, recordEvent } from '../../db/queries/record-event.ts';
import { roleCovers } from '../../db/queries/scope-condition.ts';
import { eqWhenGiven } from '../../db/queries/when-given.ts';
import { events, notifications } from '../../db/schema/alerts.ts';
import { gateways, sensors } from '../../db/schema/fleet.ts';
import { userRoles, users } from '../../db/schema/identity.ts';
import { applianceTypes, roomTypes } from '../../db/schema/lookups.ts';
import { buildings, companies, properties, units } from '../../db/schema/portfolio.ts';
import { defineList, filterColumns, type ListQuery, sortColumns } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type {
  AlertAssignInput,
  AlertSnoozeInput,
  AlertStatusInput,
  AlertStatusTarget,
} from './alerts.status.ts';

export const visibleAlerts = (scope: Scope) => placeScope(scope, notifications);

/** Which alerts a read is about, besides the caller's scope (every part optional, all must hold). */
export type AlertSelection = {
  /** Alerts in the place (the place itself or anything under it). */
  readonly place?: { readonly level: PortfolioLevel; readonly id: number };
  /** New and acknowledged alerts only. */
  readonly open?: boolean;
  /** Leak alerts only. */
  readonly leaks?: boolean;
  readonly applianceTypeId?: number;
  /** The micrometer's MAC address, normalised (upper case, no separators). */
  readonly mac?: string;
  /** The filters of a parsed list query. */
  readonly query?: ListQuery;
  /** Alerts assigned to this user, or (`'none'`) to nobody. */
  readonly assignedTo?: number | 'none';
  /** Snoozed alerts only (true) or alerts not snoozed (false). */
  readonly snoozed?: boolean;
};

const selected = (selection: AlertSelection = {}) =>
  and(
    selection.place && inPlace(notifications, selection.place.level, selection.place.id),
    selection.open
      ? inArray(notifications.notificationStatusId, [...openNotificationStatuses])
      : undefined,
    selection.leaks
      ? eq(notifications.notificationCategoryId, NotificationCategory.Leak)
      : undefined,
    selection.applianceTypeId === undefined
      ? undefined
      : eq(notifications.applianceTypeId, selection.applianceTypeId),
    eqWhenGiven(sensors.macAddress, selection.mac),
    selection.query?.where,
    selection.assignedTo === undefined
      ? undefined
      : selection.assignedTo === 'none'
        ? isNull(notifications.assignedToUserId)
        : eq(notifications.assignedToUserId, selection.assignedTo),
    selection.snoozed === undefined
      ? undefined
      : selection.snoozed
        ? isNotNull(notifications.snoozedUntil)
        : isNull(notifications.snoozedUntil),
  );

export const alertList = defineList({
  sortable: {
    first_detected: notifications.firstDetectedAt,
    last_detected: notifications.lastDetectedAt,
    ...sortColumns(notifications, ['rate', 'notificationStatusId', 'notificationTypeId']),
    company_name: companies.name,
    building_name: buildings.name,
    unit_name: units.name,
  },
  filterable: {
    ...filterColumns(notifications, [
      'notificationStatusId',
      'notificationTypeId',
      'notificationCategoryId',
    ]),
    ...placeIdFilters(notifications),
    ...filterColumns(notifications, ['sensorId', 'applianceTypeId']),
    mac_address: { column: sensors.macAddress, type: 'string' },
    first_detected: { column: notifications.firstDetectedAt, type: 'date' },
    last_detected: { column: notifications.lastDetectedAt, type: 'date' },
  },
  searchable: [
    sensors.macAddress,
    gateways.serialNumber,
    units.name,
    buildings.name,
    buildings.street,
    properties.name,
    companies.name,
  ],
  defaultSort: [{ field: 'first_detected', direction: 'DESC' }],
  tieBreaker: notifications.id,
});

const changer = alias(users, 'changer');
const assignee = alias(users, 'assignee');
const fullName = (user: { firstName: Column; lastName: Column }) =>
  sql<string | null>`nullif(trim(concat(${user.firstName}, ' ', ${user.lastName})), '')`;
const columns = {
  id: notifications.id,
  ...placeIds(notifications),
  sensor_id: notifications.sensorId,
  mac_address: sensors.macAddress,
  gateway_id: notifications.gatewayId,
  gateway_serial: gateways.serialNumber,
  appliance_type_id: notifications.applianceTypeId,
  appliance: applianceTypes.name,
  room_type_id: notifications.roomTypeId,
  room: roomTypes.name,
  notification_type_id: notifications.notificationTypeId,
  notification_category_id: notifications.notificationCategoryId,
  notification_status_id: notifications.notificationStatusId,
  rate: sql<number | null>`${notifications.rate}::float8`,
  water_price: sql<number | null>`${properties.waterPricePerKgal}::float8`,
  first_detected: notifications.firstDetectedAt,
  last_detected: notifications.lastDetectedAt,
  note: notifications.note,
  company_name: companies.name,
  property_name: properties.name,
  building_name: buildings.name,
  building_street: buildings.street,
  unit_name: units.name,
  status_changed_at: notifications.statusChangedAt,
  status_changed_by: fullName(changer),
  closed_at: notifications.closedAt,
  assigned_to_user_id: notifications.assignedToUserId,
  assigned_to_name: sql<string | null>`coalesce(${fullName(assignee)}, ${assignee.email})`,
  snoozed_until: notifications.snoozedUntil,
  snooze_reason: notifications.snoozeReason,
};
type Stamp = Date | string | null;
/** Where an alert sits: its company and, when it has them, its property, building and unit. */
export type AlertPlace = Pick<
  AlertRecord,
  'company_id' | 'property_id' | 'building_id' | 'unit_id'
>;

export type AlertRecord = {
  id: number;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  sensor_id: number | null;
  mac_address: string | null;
  gateway_id: number | null;
  gateway_serial: string | null;
  appliance_type_id: number | null;
  appliance: string | null;
  room_type_id: number | null;
  room: string | null;
  notification_type_id: number;
  notification_category_id: number;
  notification_status_id: number;
  rate: number | null;
  water_price: number | null;
  first_detected: Stamp;
  last_detected: Stamp;
  note: string | null;
  company_name: string | null;
  property_name: string | null;
  building_name: string | null;
  building_street: string | null;
  unit_name: string | null;
  status_changed_at: Stamp;
  status_changed_by: string | null;
  closed_at: Stamp;
  assigned_to_user_id: number | null;
  assigned_to_name: string | null;
  snoozed_until: Stamp;
  snooze_reason: string | null;
};

/** The newest event of an alert, as its "last action". */
export type AlertLastEvent = {
  alert_id: number;
  action: string;
  from_value: unknown;
  to_value: unknown;
  at: Stamp;
  by: string | null;
};
/** Another open alert of the same micrometer or gateway. */
export type DeviceOpenAlert = {
  id: number;
  notification_type_id: number;
  sensor_id: number | null;
  gateway_id: number | null;
};
/** An open alert whose snooze is over. */
export type DueSnooze = {
  id: number;
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  unit_id: number | null;
  notification_status_id: number;
  snooze_reason: string | null;
};

export function createAlertsRepository(db: Database) {
  const from = <S extends Record<string, unknown>>(selection: S) =>
    db
      .select(selection as never)
      .from(notifications)
      .innerJoin(companies, eq(companies.id, notifications.companyId))
      .leftJoin(properties, eq(properties.id, notifications.propertyId))
      .leftJoin(buildings, eq(buildings.id, notifications.buildingId))
      .leftJoin(units, eq(units.id, notifications.unitId))
      .leftJoin(sensors, eq(sensors.id, notifications.sensorId))
      .leftJoin(gateways, eq(gateways.id, notifications.gatewayId))
      .leftJoin(applianceTypes, eq(applianceTypes.id, notifications.applianceTypeId))
      .leftJoin(roomTypes, eq(roomTypes.id, notifications.roomTypeId))
      .leftJoin(changer, eq(changer.id, notifications.statusChangedBy))
      .leftJoin(assignee, eq(assignee.id, notifications.assignedToUserId));

  return {
    async page(scope: Scope, query: ListQuery, selection?: AlertSelection) {
      const condition = and(visibleAlerts(scope), query.where, selected(selection));
      const [rows, [total]] = await Promise.all([
        from(columns)
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<AlertRecord[]>,
        from({ total: count() }).where(condition) as unknown as Promise<{ total: number }[]>,
      ]);
      return { rows, total: total?.total ?? 0 };
    },
    async count(scope: Scope, selection: AlertSelection) {
      const [row] = (await from({ total: count() }).where(
        and(visibleAlerts(scope), selected(selection)),
      )) as unknown as { total: number }[];
      return row?.total ?? 0;
    },
    async list(scope: Scope, selection: AlertSelection, limit: number) {
      return (await from(columns)
        .where(and(visibleAlerts(scope), selected(selection)))
        .orderBy(sql`${notifications.firstDetectedAt} desc`, asc(notifications.id))
        .limit(limit)) as unknown as AlertRecord[];
    },
    /** The ids of the matching alerts in list order, at most `limit`, and how many match. */
    async ids(scope: Scope, query: ListQuery, selection: AlertSelection, limit: number) {
      const condition = and(visibleAlerts(scope), query.where, selected(selection));
      const [rows, [total]] = await Promise.all([
        from({ id: notifications.id })
          .where(condition)
          .orderBy(...query.orderBy)
          .limit(limit) as unknown as Promise<{ id: number }[]>,
        from({ total: count() }).where(condition) as unknown as Promise<{ total: number }[]>,
      ]);
      return { ids: rows.map((r) => r.id), total: total?.total ?? 0 };
    },
    /** The newest event of each alert (one query for a page). */
    async lastEvents(alertIds: readonly number[]): Promise<AlertLastEvent[]> {
      if (alertIds.length === 0) return [];
      const actor = alias(users, 'actor');
      return (await db
        .selectDistinctOn([events.entityId], {
          alert_id: events.entityId,
          action: events.action,
          from_value: events.fromValue,
          to_value: events.toValue,
          at: events.occurredAt,
          by: fullName(actor),
        })
        .from(events)
        .leftJoin(actor, eq(actor.id, events.actorUserId))
        .where(and(eq(events.entityType, 'alert'), inArray(events.entityId, [...alertIds])))
        .orderBy(events.entityId, sql`${events.id} desc`)) as AlertLastEvent[];
    },
    /**
     * The open leak alerts of these buildings (or under a place) with the facts the incident rule
     * reads (one query for a page).
     */
    async openLeakFacts(
      scope: Scope,
      where:
        | { readonly buildingIds: readonly number[] }
        | { readonly place: AlertSelection['place'] },
    ): Promise<LeakFacts[]> {
      if ('buildingIds' in where && where.buildingIds.length === 0) return [];
      return (await db
        .select({
          id: notifications.id,
          building_id: notifications.buildingId,
          sensor_id: notifications.sensorId,
          notification_type_id: notifications.notificationTypeId,
          appliance_type_id: notifications.applianceTypeId,
          rate: sql<number | null>`${notifications.rate}::float8`,
          water_price: sql<number | null>`${properties.waterPricePerKgal}::float8`,
        })
        .from(notifications)
        .leftJoin(properties, eq(properties.id, notifications.propertyId))
        .where(
          and(
            visibleAlerts(scope),
            selected({
              open: true,
              leaks: true,
              ...('place' in where ? { place: where.place } : {}),
            }),
            'buildingIds' in where
              ? inArray(notifications.buildingId, [...where.buildingIds])
              : undefined,
          ),
        )
        .orderBy(asc(notifications.id))) as LeakFacts[];
    },
    /** The open alerts of these micrometers and gateways (one query for a page). */
    async openOfDevices(
      scope: Scope,
      sensorIds: readonly number[],
      gatewayIds: readonly number[],
    ): Promise<DeviceOpenAlert[]> {
      if (sensorIds.length === 0 && gatewayIds.length === 0) return [];
      return db
        .select({
          id: notifications.id,
          notification_type_id: notifications.notificationTypeId,
          sensor_id: notifications.sensorId,
          gateway_id: notifications.gatewayId,
        })
        .from(notifications)
        .where(
          and(
            visibleAlerts(scope),
            inArray(notifications.notificationStatusId, [...openNotificationStatuses]),
            or(
              sensorIds.length > 0 ? inArray(notifications.sensorId, [...sensorIds]) : undefined,
              gatewayIds.length > 0 ? inArray(notifications.gatewayId, [...gatewayIds]) : undefined,
            ),
          ),
        )
        .orderBy(asc(notifications.id));
    },
    /**
     * The people an alert of the company may be assigned to: active users holding a company
     * role (admin, manager, installer) of that company, or a system role; by name. With
     * `userId`, only that person (if they qualify).
     */
    /** Active people whose role covers the alert's place (`roleCovers`): staff, or its company's. */
    async assignableUsers(place: AlertPlace, userId?: number) {
      const name = sql<string>`coalesce(${fullName(users)}, ${users.email})`;
      const staff = sql<boolean>`exists (select 1 from user_roles s where s.user_id = ${users.id}
        and s.user_role_type_id in ${sql.raw(`(${SYSTEM_ROLE_TYPES.join(', ')})`)})`;
      return (await db
        .selectDistinct({
          id: users.id,
          name,
          email: users.email,
          named: sql<boolean>`${fullName(users)} is not null`,
          staff,
        })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .where(
          and(
            eq(users.userStatusId, UserStatus.Active),
            eqWhenGiven(users.id, userId),
            or(
              inArray(userRoles.userRoleTypeId, [...SYSTEM_ROLE_TYPES]),
              and(
                inArray(userRoles.userRoleTypeId, [...COMPANY_GRANTABLE_ROLE_TYPES]),
                roleCovers(
                  { ...userRoles, roleTypeId: userRoles.userRoleTypeId },
                  {
                    companyId: place.company_id,
                    propertyId: place.property_id,
                    buildingId: place.building_id,
                    unitId: place.unit_id,
                  },
                ),
              ),
            ),
          ),
        )
        .orderBy(sql`2`, sql`1`)) as {
        id: number;
        name: string;
        email: string;
        named: boolean;
        staff: boolean;
      }[];
    },
    async one(scope: Scope, id: number) {
      const [row] = (await from(columns)
        .where(and(visibleAlerts(scope), eq(notifications.id, id)))
        .limit(1)) as unknown as AlertRecord[];
      return row;
    },
    async chunk(scope: Scope, afterId: number, limit: number, selection: AlertSelection) {
      return (await from(columns)
        .where(and(visibleAlerts(scope), gt(notifications.id, afterId), selected(selection)))
        .orderBy(asc(notifications.id))
        .limit(limit)) as unknown as AlertRecord[];
    },
    /** Open alerts by category and status (the company's alerts overview). */
    async overview(scope: Scope, selection: AlertSelection) {
      return (await from({
        category: notifications.notificationCategoryId,
        status: notifications.notificationStatusId,
        count: count(),
        rate: sql<number>`coalesce(sum(${notifications.rate}), 0)::float8`,
        cost: sql<number>`coalesce(sum(${notifications.rate} * coalesce(${properties.waterPricePerKgal}, ${DEFAULT_WATER_PRICE_PER_KGAL}) / 1000), 0)::float8`,
      })
        .where(and(visibleAlerts(scope), selected(selection)))
        .groupBy(
          notifications.notificationCategoryId,
          notifications.notificationStatusId,
        )) as unknown as {
        category: number;
        status: number;
        count: number;
        rate: number;
        cost: number;
      }[];
    },
    /** Alerts first detected per local month (the dashboard's alerts chart). */
    async perMonth(scope: Scope, selection: AlertSelection, timeZone: string, since: Date) {
      const month = sql<string>`to_char(${notifications.firstDetectedAt} at time zone ${timeZone}, 'YYYY-MM')`;
      return (await from({
        month,
        category: notifications.notificationCategoryId,
        count: count(),
      })
        .where(
          and(
            visibleAlerts(scope),
            selected(selection),
            sql`${notifications.firstDetectedAt} >= ${since.toISOString()}::timestamptz`,
          ),
        )
        // By position: the month expression carries a parameter, so repeating it would not match.
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`)) as unknown as { month: string; category: number; count: number }[];
    },
  };
}
export type AlertsRepository = ReturnType<typeof createAlertsRepository>;

/** Open alerts whose snooze ended by `at` (for the system's end of snoozes). */
export async function dueSnoozes(ex: Executor, at: Date): Promise<DueSnooze[]> {
  return ex
    .select({
      id: notifications.id,
      ...placeIds(notifications),
      notification_status_id: notifications.notificationStatusId,
      snooze_reason: notifications.snoozeReason,
    })
    .from(notifications)
    .where(
      and(
        inArray(notifications.notificationStatusId, [...openNotificationStatuses]),
        lte(notifications.snoozedUntil, at),
      ),
    )
    .orderBy(asc(notifications.id))
    .for('update', { skipLocked: true });
}

/** Changes the alert `target` and records `event` about it, together in `ex`. */
async function changeAlert(
  ex: Executor,
  actor: Scope | null,
  target: AlertStatusTarget,
  changes: PgUpdateSetSource<typeof notifications>,
  event: Omit<EventInput, 'companyId' | 'entityType' | 'entityId'>,
) {
  await ex
    .update(notifications)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(notifications.id, target.alertId));
  await recordEvent(ex, actor, {
    companyId: target.companyId,
    entityType: 'alert',
    entityId: target.alertId,
    ...event,
  });
}

/**
 * Writes an alert's status and its event in `ex` (the caller's transaction); `actor` null is the
 * system. Only the status service (alerts.status.ts) calls it.
 */
export async function writeAlertStatus(
  ex: Executor,
  actor: Scope | null,
  target: AlertStatusTarget,
  input: AlertStatusInput,
) {
  await changeAlert(
    ex,
    actor,
    target,
    {
      notificationStatusId: input.statusId,
      statusChangedAt: input.at,
      statusChangedBy: actor && actor.userId > 0 ? actor.userId : null,
      // A closed alert is no longer snoozed (the end of its snooze must not reopen it).
      ...(input.statusId === NotificationStatus.Closed
        ? { closedAt: input.at, snoozedUntil: null, snoozeReason: null }
        : {}),
      ...(input.snoozeEnded ? { snoozedUntil: null, snoozeReason: null } : {}),
      ...(input.note !== undefined ? { note: input.note } : {}),
    },
    {
      action: input.snoozeEnded ? 'snooze-ended' : 'status',
      ...(input.from !== undefined ? { from: input.from } : {}),
      to: input.statusId,
      ...(input.note !== undefined ? { note: input.note } : {}),
    },
  );
}

/** Writes an alert's assignee and its event ('assigned', from and to user ids) in `ex`. */
export async function writeAlertAssignee(
  ex: Executor,
  actor: Scope,
  target: AlertStatusTarget,
  input: AlertAssignInput,
) {
  await changeAlert(
    ex,
    actor,
    target,
    { assignedToUserId: input.to },
    { action: 'assigned', from: input.from, to: input.to },
  );
}

/**
 * Writes an alert's snooze (`until` and reason) or ends it (`until` null: event 'snooze-ended',
 * the status unchanged) with its event in `ex`.
 */
export async function writeAlertSnooze(
  ex: Executor,
  actor: Scope,
  target: AlertStatusTarget,
  input: AlertSnoozeInput,
) {
  await changeAlert(
    ex,
    actor,
    target,
    { snoozedUntil: input.until, snoozeReason: input.until === null ? null : input.reason },
    {
      action: input.until === null ? 'snooze-ended' : 'snoozed',
      to: input.until === null ? null : input.until.toISOString(),
      note: input.reason,
    },
  );
}
