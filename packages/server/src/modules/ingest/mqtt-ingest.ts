// MQTT transport (DESIGN section 7): subscribes with QoS 1 on a persistent session (`clean: false`,
// a stable client id) to ChirpStack's `application/+/device/+/event/up` and Flowsight's
// `flowsight/uplinks/<mac>`, stores what arrives through the one ingest service in small batches,
// and acknowledges each message only after its batch is committed. A message whose batch failed is
// never acknowledged: the connection is dropped and the broker redelivers it on reconnect (the
// natural key makes that a no-op for rows already stored). When the broker reports it has no
// session for us (first start, broker restarted without persistence), we subscribe again.
// MQTT carries no integration key: who may publish is the broker's configuration (its ACLs), and
// what arrives is written for the whole fleet. Receive times outside the window the domain allows
// (`receiveTimeProblem`) make a message unreadable: it is logged and dropped like any other.

import { receiveTimeProblem } from '@flowsight/domain/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { z } from 'zod';
import type { IngestService, Uplink } from './ingest.service.ts';
import { chirpstackUpSchema, fromChirpstack, signal } from './ingest.transports.ts';

export type MqttIngestOptions = {
  url: string;
  topics: readonly string[];
  clientId: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
  /** Messages stored per transaction at most. */
  batchSize?: number;
  /** How long a batch waits for more messages before it is stored. */
  lingerMs?: number;
  /**
   * Batches stored at the same time: while one commits the next is written (as the HTTP path's
   * concurrent requests do). Needs a broker in-flight window larger than one batch.
   */
  lanes?: number;
};

type PublishPacket = {
  cmd: 'publish';
  messageId?: number;
  qos: number;
  topic: string;
  payload: Buffer;
};
type Packet = { cmd: string; messageId?: number };
type SendPacket = (packet: Packet, callback?: () => void, ...rest: unknown[]) => void;

const nativeMessageSchema = z.object({
  port: z.number().int().min(0).max(255),
  payload: z.string().max(1024),
  received_at: z.string().max(64),
  f_cnt: z.number().int().min(0).optional(),
  gateway: z.string().max(64).nullable().optional(),
  rssi: signal.nullable().optional(),
  snr: signal.nullable().optional(),
});

/** The uplinks one MQTT message carries; throws when it is not one of the two formats. */
export function uplinksOfMessage(topic: string, payload: Buffer): Uplink[] {
  const body: unknown = JSON.parse(payload.toString('utf8'));
  const native = /(?:^|\/)flowsight\/uplinks\/([^/]+)$/.exec(topic);
  if (native) {
    const mac = native[1] ?? '';
    const messages = Array.isArray(body) ? body : [body];
    return messages.map((message) => {
      const m = nativeMessageSchema.parse(message);
      const receivedAt = new Date(m.received_at);
      const problem = receiveTimeProblem(receivedAt, new Date());
      if (problem !== null) throw new Error(`received_at ${problem}`);
      return {
        mac,
        port: m.port,
        payload: new Uint8Array(Buffer.from(m.payload, 'base64')),
        receivedAt,
        fCnt: m.f_cnt ?? null,
        gateway: m.gateway ?? null,
        rssi: m.rssi ?? null,
        snr: m.snr ?? null,
        transport: 'mqtt',
      };
    });
  }
  if (/\/event\/up$/.test(topic)) return [fromChirpstack(chirpstackUpSchema.parse(body), 'mqtt')];
  throw new Error(`no uplink format for topic ${topic}`);
}

export async function startMqttIngest(options: MqttIngestOptions) {
  const { ingest, log, topics } = options;
  const batchSize = options.batchSize ?? 1000;
  const laneCount = Math.max(1, options.lanes ?? 4);
  // Short: with Mosquitto's default in-flight window (20 unacknowledged messages) a batch rarely
  // grows by waiting; with a larger window (README, "MQTT") batches fill to batchSize at once.
  const lingerMs = options.lingerMs ?? 5;
  const clientOptions: IClientOptions = {
    clientId: options.clientId,
    clean: false,
    protocolVersion: 4,
    reconnectPeriod: 1000,
    connectTimeout: 10_000,
    resubscribe: false,
  };
  const client: MqttClient = mqtt.connect(options.url, clientOptions);

  // Acknowledgements wait for the commit. mqtt.js sends PUBACK as soon as `handleMessage` calls
  // back and handles messages one at a time; so `handleMessage` calls back at once (the next
  // message can come in) while the PUBACK it triggers is held here until the batch holding that
  // message has been committed.
  let generation = 0;
  const awaitingCommit = new Set<number>();
  const heldAcks = new Map<number, Packet>();
  const internals = client as unknown as { _sendPacket: SendPacket };
  const sendPacket = internals._sendPacket.bind(client);
  internals._sendPacket = (packet, callback, ...rest) => {
    if (
      packet.cmd === 'puback' &&
      packet.messageId !== undefined &&
      awaitingCommit.has(packet.messageId)
    ) {
      heldAcks.set(packet.messageId, packet);
      callback?.();
      return;
    }
    sendPacket(packet, callback, ...rest);
  };

  let queue: { packet: PublishPacket; uplinks: Uplink[] }[] = [];
  let timer: NodeJS.Timeout | undefined;
  // Each batch goes to the next lane in turn; a lane stores its batches one after another.
  const lanes: Promise<void>[] = Array.from({ length: laneCount }, () => Promise.resolve());
  let nextLane = 0;

  const release = (messageIds: readonly number[], batchGeneration: number) => {
    // After a reconnect the broker redelivers instead: an old batch's ids may now name new
    // messages, which it must neither acknowledge nor forget.
    if (batchGeneration !== generation) return;
    // A batch's acknowledgements leave in one write rather than one each.
    const stream = client.stream as { cork?: () => void; uncork?: () => void } | undefined;
    stream?.cork?.();
    for (const id of messageIds) {
      awaitingCommit.delete(id);
      const ack = heldAcks.get(id);
      heldAcks.delete(id);
      if (ack && client.connected) sendPacket(ack);
    }
    stream?.uncork?.();
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    const batchGeneration = generation;
    const lane = nextLane;
    nextLane = (nextLane + 1) % laneCount;
    lanes[lane] = (lanes[lane] as Promise<void>).then(async () => {
      const ids = batch.flatMap(({ packet }) =>
        packet.messageId === undefined ? [] : [packet.messageId],
      );
      try {
        await ingest.ingest(batch.flatMap(({ uplinks }) => uplinks));
        release(ids, batchGeneration);
      } catch (error) {
        log.error(
          { err: error, messages: batch.length },
          'MQTT batch not stored; reconnecting for redelivery',
        );
        if (batchGeneration === generation) {
          for (const id of ids) {
            awaitingCommit.delete(id);
            heldAcks.delete(id);
          }
          client.stream?.destroy();
        }
      }
    });
  };

  client.handleMessage = (packet, callback) => {
    const publish = packet as unknown as PublishPacket;
    let uplinks: Uplink[];
    try {
      uplinks = uplinksOfMessage(publish.topic, publish.payload);
    } catch (error) {
      // A message no one can read would come back forever: log it and let it be acknowledged.
      log.warn({ err: error, topic: publish.topic }, 'MQTT message is not an uplink; dropped');
      callback();
      return;
    }
    if (publish.qos > 0 && publish.messageId !== undefined) awaitingCommit.add(publish.messageId);
    queue.push({ packet: publish, uplinks });
    callback();
    if (queue.length >= batchSize) flush();
    else timer ??= setTimeout(flush, lingerMs);
  };

  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  client.on('connect', (connack) => {
    generation += 1;
    awaitingCommit.clear();
    heldAcks.clear();
    if (connack.sessionPresent) {
      markReady();
      return;
    }
    client.subscribe([...topics], { qos: 1 }, (error) => {
      if (error) log.error({ err: error }, 'MQTT subscribe failed');
      else {
        log.info({ topics }, 'MQTT subscribed');
        markReady();
      }
    });
  });
  client.on('close', () => {
    generation += 1;
  });
  client.on('error', (error) => log.warn({ err: error }, 'MQTT connection problem'));

  return {
    client,
    /** Resolves once connected and subscribed (or the broker resumed our session). */
    ready: () => ready,
    async close() {
      flush();
      await Promise.all(lanes);
      await client.endAsync();
    },
  };
}
export type MqttIngest = Awaited<ReturnType<typeof startMqttIngest>>;
