// Writes the demo's year of alert history and its present's open alerts (generated, database-free,
// by @flowsight/simulator's demo-alert-history) as the rows the product itself writes: each alert
// with its status fields (closed, or still open: New or taken on), and its events — "opened" by the
// engine, "status" changes by the demo users with their notes, or the engine's close after 24
// hours without the condition — at their historic times.
// Part of the demo seed's transaction; the caller maps the portfolio's indexes onto ids.
import { NotificationStatus, notificationTypes } from '@flowsight/domain/lookups';
import type { DemoHistoricAlert } from '@flowsight/simulator/demo-alert-history';
import { sql } from 'drizzle-orm';
import { SYSTEM_CLOSE_NOTE } from '../../modules/alerts/alerts.engine.ts';
import { type Database, selectRows } from '../client.ts';
import { events, notifications } from '../schema/alerts.ts';

// Notifications have 17 columns: well under Postgres' 65,535 bind parameters.
const BATCH = 500;

/** Database ids of the portfolio's local indexes. */
export type DemoIds = {
  readonly company: (index: number) => number;
  readonly property: (index: number) => number;
  readonly building: (index: number) => number;
  readonly unit: (index: number) => number;
  readonly sensor: (index: number) => number;
  readonly gateway: (index: number) => number;
  /** The user and the role row a demo user acts through. */
  readonly actor: (userIndex: number, roleIndex: number) => { userId: number; roleId: number };
};

const categoryOf = (type: number) => {
  const row = notificationTypes.find((t) => t.id === type);
  if (!row) throw new Error(`Unknown notification type ${type}`);
  return row.categoryId;
};

/** Inserts the alerts and their events; returns how many alerts it wrote. */
export async function insertAlertHistory(
  tx: Database,
  history: readonly DemoHistoricAlert[],
  ids: DemoIds,
  now: Date,
): Promise<number> {
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  for (let start = 0; start < history.length; start += BATCH) {
    const batch = history.slice(start, start + BATCH);
    // Ids are drawn first, so each alert's events know it without relying on RETURNING's order.
    const drawn = await selectRows<{ id: number }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('notifications', 'id'))::int as id
          from generate_series(1, ${batch.length})`,
    );
    const rows = batch.map((alert, index) => {
      const id = drawn[index]?.id;
      if (id === undefined) throw new Error('No id for a historic demo alert');
      // An alert of the present may have no change yet: it is still New.
      const last = alert.changes.at(-1);
      const actor = last?.actor && ids.actor(last.actor.userIndex, last.actor.roleIndex);
      const closed = last?.to === NotificationStatus.Closed;
      const reminded = alert.lastRemindedMinutesAgo ?? null;
      return {
        id,
        companyId: ids.company(alert.companyIndex),
        propertyId: ids.property(alert.propertyIndex),
        buildingId: ids.building(alert.buildingIndex),
        unitId: alert.unitIndex === null ? null : ids.unit(alert.unitIndex),
        sensorId: alert.sensorIndex === null ? null : ids.sensor(alert.sensorIndex),
        gatewayId: alert.gatewayIndex === null ? null : ids.gateway(alert.gatewayIndex),
        applianceTypeId: alert.applianceTypeId,
        roomTypeId: alert.roomTypeId,
        notificationTypeId: alert.notificationTypeId,
        notificationCategoryId: categoryOf(alert.notificationTypeId),
        notificationStatusId: last?.to ?? NotificationStatus.New,
        rate: alert.rate === null ? null : alert.rate.toFixed(3),
        firstDetectedAt: at(alert.firstDetectedMinutesAgo),
        lastDetectedAt: at(alert.lastDetectedMinutesAgo),
        note: !last ? null : last.actor ? last.note : SYSTEM_CLOSE_NOTE,
        statusChangedBy: actor ? actor.userId : null,
        statusChangedAt: last ? at(last.minutesAgo) : null,
        closedAt: closed ? at(last.minutesAgo) : null,
        lastRemindedAt: reminded === null ? null : at(reminded),
        createdAt: at(alert.firstDetectedMinutesAgo),
        updatedAt: at(last ? last.minutesAgo : alert.lastDetectedMinutesAgo),
      };
    });
    await tx.insert(notifications).values(rows);
    const eventRows = batch.flatMap((alert, index) => {
      const row = rows[index];
      if (!row) throw new Error('A historic demo alert was not mapped');
      const entityId = row.id;
      return [
        {
          occurredAt: row.firstDetectedAt,
          actorUserId: null,
          actorRoleId: null,
          companyId: row.companyId,
          entityType: 'alert',
          entityId,
          action: 'opened',
          fromValue: null,
          toValue: { status: 1, type: alert.notificationTypeId, rate: alert.rate },
          note: null,
        },
        ...alert.changes.map((change) => {
          const actor = change.actor && ids.actor(change.actor.userIndex, change.actor.roleIndex);
          return {
            occurredAt: at(change.minutesAgo),
            actorUserId: actor ? actor.userId : null,
            actorRoleId: actor ? actor.roleId : null,
            companyId: row.companyId,
            entityType: 'alert',
            entityId,
            action: 'status',
            // The engine's own close records only the new status, as alerts.engine.ts does.
            fromValue: actor ? change.from : null,
            toValue: change.to,
            note: actor ? change.note : SYSTEM_CLOSE_NOTE,
          };
        }),
      ];
    });
    for (let e = 0; e < eventRows.length; e += BATCH) {
      await tx.insert(events).values(eventRows.slice(e, e + BATCH));
    }
  }
  return history.length;
}
