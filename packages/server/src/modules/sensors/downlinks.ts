// Configuration downlinks (DESIGN section 7, port 3): queued in the same transaction as the change
// that asks for them, then published to ChirpStack's `application/<app>/device/<devEui>/command/down`
// topic when MQTT is configured. Each replica's publisher claims queued rows with
// `FOR UPDATE SKIP LOCKED`, so replicas never publish the same downlink twice. Without MQTT the
// rows stay queued (listed as such) until a publisher runs.
import { DOWNLINK_PORT_CONFIG, encodeConfigDownlink } from '@flowsight/domain/device-protocol';
import { type ConfigParams, configEntries } from '@flowsight/domain/micrometers';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Database } from '../../db/client.ts';
import { recordEvent } from '../../db/queries/record-event.ts';
import { scopeCondition } from '../../db/queries/scope-condition.ts';
import { downlinks } from '../../db/schema/fleet.ts';
import { buildings } from '../../db/schema/portfolio.ts';
import { defineList, type ListQuery } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import type { SensorRecord } from './sensors.repository.ts';
import type { Downlink } from './sensors.schemas.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export const downlinkList = defineList({
  sortable: {
    created_at: downlinks.createdAt,
    sent_at: downlinks.sentAt,
    status: downlinks.status,
    mac_address: downlinks.macAddress,
  },
  filterable: {
    status: { column: downlinks.status, type: 'string' },
    mac_address: { column: downlinks.macAddress, type: 'string' },
    building_id: { column: downlinks.buildingId, type: 'number' },
    company_id: { column: downlinks.companyId, type: 'number' },
    created_at: { column: downlinks.createdAt, type: 'date' },
  },
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
type DownlinkRecord = Omit<Downlink, 'created_at' | 'sent_at'> & {
  created_at: Date | string;
  sent_at: Date | string | null;
};
const toDownlink = (row: DownlinkRecord): Downlink => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  sent_at: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
});

/** ChirpStack v4 device command topic (its DevEUI in lower case, as ChirpStack writes it). */
export const downlinkTopic = (application: string, mac: string) =>
  `application/${application}/device/${mac.toLowerCase()}/command/down`;

export function createDownlinkQueue(db: Database) {
  let wake: () => void = () => {};
  const visible = (scope: Scope) =>
    scopeCondition(scope, { companyId: downlinks.companyId, buildingId: downlinks.buildingId });

  return {
    /** Queues one port-3 frame per sensor inside the caller's transaction. */
    async enqueue(tx: Tx, scope: Scope, targets: readonly SensorRecord[], params: ConfigParams) {
      const payload = encodeConfigDownlink(configEntries(params));
      const queued: Downlink[] = [];
      for (const sensor of targets) {
        const [row] = await tx
          .insert(downlinks)
          .values({
            companyId: sensor.company_id,
            buildingId: sensor.building_id,
            sensorId: sensor.id,
            macAddress: sensor.mac_address,
            port: DOWNLINK_PORT_CONFIG,
            params,
            payload,
            createdBy: scope.userId,
          })
          .returning({ id: downlinks.id });
        if (!row) continue;
        await recordEvent(tx, scope, {
          companyId: sensor.company_id,
          entityType: 'sensor',
          entityId: sensor.id,
          action: 'downlink-queued',
          to: params,
        });
        queued.push({
          id: row.id,
          sensor_id: sensor.id,
          mac_address: sensor.mac_address,
          company_id: sensor.company_id,
          building_id: sensor.building_id,
          building_name: sensor.building_name,
          port: DOWNLINK_PORT_CONFIG,
          params,
          payload_hex: Buffer.from(payload).toString('hex'),
          status: 'queued',
          error: null,
          created_at: new Date().toISOString(),
          sent_at: null,
        });
      }
      return queued;
    },
    async page(scope: Scope, query: ListQuery) {
      const where = and(visible(scope), query.where);
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(downlinks)
          .leftJoin(buildings, eq(buildings.id, downlinks.buildingId))
          .where(where)
          .orderBy(...query.orderBy)
          .limit(query.limit)
          .offset(query.offset) as unknown as Promise<DownlinkRecord[]>,
        db
          .select({ total: count() })
          .from(downlinks)
          .leftJoin(buildings, eq(buildings.id, downlinks.buildingId))
          .where(where),
      ]);
      return { rows: rows.map(toDownlink), total: total?.total ?? 0 };
    },
    /** Asks the publisher (if any) to look at the queue now. */
    wake: () => wake(),
    onWake(listener: () => void) {
      wake = listener;
    },
  };
}
export type DownlinkQueue = ReturnType<typeof createDownlinkQueue>;

export type DownlinkPublisherOptions = {
  db: Database;
  queue: DownlinkQueue;
  url: string;
  clientId: string;
  application: string;
  log: FastifyBaseLogger;
  /** How often queued rows are looked for without a wake-up. */
  intervalMs?: number;
};

/** Publishes queued downlinks over MQTT (QoS 1); answers a stop function. */
export async function startDownlinkPublisher(options: DownlinkPublisherOptions) {
  const { db, queue, log } = options;
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: `${options.clientId}-downlinks`,
    clean: true,
    reconnectPeriod: 2000,
  });
  let running = false;
  let again = false;
  let stopped = false;

  async function publishQueued() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await db.transaction(async (tx) => {
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
            .limit(100)
            .for('update', { skipLocked: true })) as {
            id: number;
            mac: string;
            port: number;
            payload: string;
          }[];
          for (const row of rows) {
            const body = JSON.stringify({
              devEui: row.mac.toLowerCase(),
              confirmed: false,
              fPort: row.port,
              data: row.payload.replace(/\s/g, ''),
            });
            try {
              await client.publishAsync(downlinkTopic(options.application, row.mac), body, {
                qos: 1,
              });
              await tx
                .update(downlinks)
                .set({ status: 'sent', sentAt: new Date(), error: null })
                .where(eq(downlinks.id, row.id));
            } catch (error) {
              await tx
                .update(downlinks)
                .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
                .where(eq(downlinks.id, row.id));
            }
          }
          if (rows.length === 100) again = true;
        });
      } while (again && !stopped);
    } catch (error) {
      log.warn({ err: error }, 'downlink publishing failed; will retry');
    } finally {
      running = false;
    }
  }

  queue.onWake(() => void publishQueued());
  const timer = setInterval(() => void publishQueued(), options.intervalMs ?? 10_000);
  timer.unref();
  void publishQueued();
  return async () => {
    stopped = true;
    clearInterval(timer);
    queue.onWake(() => {});
    await client.endAsync();
  };
}
