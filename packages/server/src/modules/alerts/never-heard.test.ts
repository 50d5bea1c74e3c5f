// An installed micrometer that has never been heard: nothing before it has been
// installed for three keep-alive intervals, a "micrometer offline" alert from then on, closed by
// the system on its first uplink through the ingest path; a notification-excluded one raises
// nothing. The engine runs at a frozen clock; the micrometers keep their "Never heard" status.
import { encodeUplink } from '@flowsight/domain/device-protocol';
import {
  NotificationStatus,
  NotificationType,
  SensorState,
  SensorStatus,
} from '@flowsight/domain/lookups';
import { MISSED_KEEPALIVES } from '@flowsight/domain/micrometers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, selectRows } from '../../db/client.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { createIngestService } from '../ingest/ingest.service.ts';
import { createAlertEngine } from './alerts.engine.ts';

const HOUR = 3_600_000;
const installedAt = new Date('2026-06-01T08:00:00Z');
const offlineAt = new Date(installedAt.getTime() + MISSED_KEEPALIVES * HOUR);

type Alert = { id: number; status: number; first: Date | string; note: string | null };

describe('an installed micrometer never heard', () => {
  let handle: DatabaseHandle;
  let clock = installedAt;
  let fitted: { id: number; mac: string };
  let excluded: { id: number; mac: string };

  const offlineAlerts = (sensorId: number) =>
    selectRows<Alert>(
      handle.db,
      sql`select id, notification_status_id as status, first_detected_at as first, note
          from notifications where sensor_id = ${sensorId}
            and notification_type_id = ${NotificationType.SensorOffline} order by id`,
    );

  beforeAll(async () => {
    handle = await createTestDatabase({ demo: true });
    const picked = await selectRows<{ id: number; mac: string }>(
      handle.db,
      sql`select id, mac_address as mac from sensors
          where unit_id is not null and sensor_status_id = ${SensorStatus.Transmitting}
          order by id limit 2`,
    );
    const [first, second] = picked;
    if (!first || !second) throw new Error('no demo micrometers');
    fitted = first;
    excluded = second;
    await handle.db.execute(sql`
      update sensors set sensor_state_id = ${SensorState.Installed},
        sensor_status_id = ${SensorStatus.NeverHeard}, last_keepalive = null, last_submission = null,
        battery = null, keepalive_interval_s = 3600, installed_at = ${installedAt.toISOString()}::timestamptz,
        notification_excluded = (id = ${excluded.id})
      where id in (${fitted.id}, ${excluded.id})`);
    await handle.db.execute(
      sql`delete from notifications where sensor_id in (${fitted.id}, ${excluded.id})`,
    );
  });
  afterAll(() => handle.close());

  const engine = () => createAlertEngine(handle.db, () => clock);

  it('raises nothing while it has been installed for less than three keep-alive intervals', async () => {
    clock = new Date(offlineAt.getTime() - 60_000);
    await engine().sweep();
    expect(await offlineAlerts(fitted.id)).toEqual([]);
  });

  it('raises a micrometer-offline alert once they have passed, keeping its "Never heard" status; an excluded one raises nothing', async () => {
    clock = offlineAt;
    await engine().sweep();
    const alerts = await offlineAlerts(fitted.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ status: NotificationStatus.New, note: null });
    expect(new Date(alerts[0]?.first ?? 0).toISOString()).toBe(offlineAt.toISOString());
    const [status] = await selectRows<{ s: number }>(
      handle.db,
      sql`select sensor_status_id as s from sensors where id = ${fitted.id}`,
    );
    expect(status?.s).toBe(SensorStatus.NeverHeard);
    expect(await offlineAlerts(excluded.id)).toEqual([]);
    // A later sweep keeps the one alert.
    clock = new Date(offlineAt.getTime() + HOUR);
    await engine().sweep();
    expect((await offlineAlerts(fitted.id)).map((a) => a.id)).toEqual(alerts.map((a) => a.id));
  });

  it('closes the alert itself when the micrometer first reports', async () => {
    const heardAt = new Date(offlineAt.getTime() + 90 * 60_000);
    const { bytes } = encodeUplink({
      kind: 'keepalive',
      version: 2,
      battery: 96,
      firmwareVersion: '2.4.0',
      reportIntervalS: 900,
      flags: 0,
    });
    const ingest = createIngestService(handle.db);
    const result = await ingest.ingest([
      { mac: fitted.mac, port: 2, payload: bytes, receivedAt: heardAt, transport: 'http' },
    ]);
    expect(result.stored).toBe(1);
    clock = new Date(heardAt.getTime() + 60_000);
    await engine().evaluate([fitted.id]);
    const [alert] = await offlineAlerts(fitted.id);
    expect(alert).toMatchObject({
      status: NotificationStatus.Closed,
      note: 'Closed automatically: the micrometer is transmitting again, last heard at 2026-06-01 12:30 UTC.',
    });
    const [status] = await selectRows<{ s: number }>(
      handle.db,
      sql`select sensor_status_id as s from sensors where id = ${fitted.id}`,
    );
    expect(status?.s).toBe(SensorStatus.Transmitting);
  });
});
