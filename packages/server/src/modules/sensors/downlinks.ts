// Configuration downlinks (DESIGN section 7, port 3): queued in the same transaction as the change
// that asks for them, then published to ChirpStack's `application/<app>/device/<devEui>/command/down`
// topic when MQTT is configured. Each replica's publisher claims queued rows with
// `FOR UPDATE SKIP LOCKED`, so replicas never publish the same downlink twice. A queue change wakes
// its own replica's publisher; the periodic look at the queue (for rows no publisher was woken
// for) is claimed once per period across replicas (lib/jobs.ts). Without MQTT the rows stay
// queued (listed as such) until a publisher runs.
import { DOWNLINK_PORT_CONFIG, encodeConfigDownlink } from '@flowsight/domain/device-protocol';
import { type ConfigParams, configEntries } from '@flowsight/domain/micrometers';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import type { Database, Executor } from '../../db/client.ts';
import { claimEvery, type RoundClaim } from '../../lib/jobs.ts';
import type { ListQuery } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { createDownlinksRepository, type DownlinkRecord } from './downlinks.repository.ts';
import type { SensorRecord } from './sensors.repository.ts';
import type { Downlink } from './sensors.schemas.ts';

// The list's fields are columns, so the definition lives with the queries.
export { downlinkList } from './downlinks.repository.ts';

const toDownlink = (row: DownlinkRecord): Downlink => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  sent_at: row.sent_at === null ? null : new Date(row.sent_at).toISOString(),
});

/** ChirpStack v4 device command topic (its DevEUI in lower case, as ChirpStack writes it). */
export const downlinkTopic = (application: string, mac: string) =>
  `application/${application}/device/${mac.toLowerCase()}/command/down`;

export function createDownlinkQueue(db: Database) {
  const repository = createDownlinksRepository(db);
  let wake: () => void = () => {};

  return {
    /** Queues one port-3 frame per sensor (inside the caller's transaction when given). */
    async enqueue(
      scope: Scope,
      targets: readonly SensorRecord[],
      params: ConfigParams,
      tx?: Executor,
    ) {
      const payload = encodeConfigDownlink(configEntries(params));
      const queued: Downlink[] = [];
      for (const sensor of targets) {
        const id = await repository.insert(
          scope,
          {
            companyId: sensor.company_id,
            buildingId: sensor.building_id,
            sensorId: sensor.id,
            macAddress: sensor.mac_address,
            port: DOWNLINK_PORT_CONFIG,
            params,
            payload,
            createdBy: scope.userId,
          },
          {
            companyId: sensor.company_id,
            entityType: 'sensor',
            entityId: sensor.id,
            action: 'downlink-queued',
            to: params,
          },
          tx,
        );
        if (id === undefined) continue;
        queued.push({
          id,
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
      const { rows, total } = await repository.page(scope, query);
      return { rows: rows.map(toDownlink), total };
    },
    /** The queue's statements, for the publisher. */
    repository,
    /** Takes a periodic round's claim (lib/jobs.ts) on the queue's database. */
    claim: (round: RoundClaim) => round(db),
    /** Asks the publisher (if any) to look at the queue now. */
    wake: () => wake(),
    onWake(listener: () => void) {
      wake = listener;
    },
  };
}
export type DownlinkQueue = ReturnType<typeof createDownlinkQueue>;

export type DownlinkPublisherOptions = {
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
  const { queue, log } = options;
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: `${options.clientId}-downlinks`,
    clean: true,
    reconnectPeriod: 2000,
  });
  let running = false;
  let again = false;
  let stopped = false;
  const intervalMs = options.intervalMs ?? 10_000;
  // Claimed just before the look, not in the publishing transaction: that one holds its rows
  // while the broker answers, and another replica's claim would wait on it instead of skipping.
  const periodic = claimEvery('downlinks', intervalMs);

  async function publishQueued(round?: 'periodic') {
    if (running) {
      // A wake-up during a round looks again; a periodic look finds the round doing it.
      if (!round) again = true;
      return;
    }
    running = true;
    try {
      if (round && !(await queue.claim(periodic))) return;
      do {
        again = false;
        const claimed = await queue.repository.claimQueued(100, async (tx, rows) => {
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
              await queue.repository.markSent(row.id, tx);
            } catch (error) {
              await queue.repository.markFailed(row.id, (error as Error).message.slice(0, 500), tx);
            }
          }
        });
        if (claimed === 100) again = true;
      } while (again && !stopped);
    } catch (error) {
      log.warn({ err: error }, 'downlink publishing failed; will retry');
    } finally {
      running = false;
    }
  }

  queue.onWake(() => void publishQueued());
  const timer = setInterval(() => void publishQueued('periodic'), intervalMs);
  timer.unref();
  void publishQueued('periodic');
  return async () => {
    stopped = true;
    clearInterval(timer);
    queue.onWake(() => {});
    await client.endAsync();
  };
}
