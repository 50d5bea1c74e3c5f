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
// Subscribing at QoS 1 is not enough: a message published at QoS 0 (ChirpStack's default) reaches us
// at QoS 0 and is not kept while we are away. The QoS last seen per format is recorded
// (`uplinkQos`, shown on the Integrations page) and QoS 0 is warned of in the log once an hour.

import { receiveTimeProblem } from '@flowsight/domain/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import type { IngestService, Uplink } from './ingest.service.ts';
import {
  BASE64,
  chirpstackUpSchema,
  fromChirpstack,
  inHundredths,
  SIGNAL_LIMIT,
} from './ingest.transports.ts';

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

/** Most characters of a native message's text fields (as the HTTP batch allows). */
const MAX_PAYLOAD = 1024;
const MAX_TIME = 64;
const MAX_GATEWAY = 64;

/** A native message that cannot be stored: it is logged and dropped. */
const unreadable = (field: string, rule: string) => new Error(`${field} ${rule}`);

/** An optional signal figure (null or absent: none), in hundredths. */
function signalOf(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !(Math.abs(value) <= SIGNAL_LIMIT))
    throw unreadable(field, `must be a number from -${SIGNAL_LIMIT} to ${SIGNAL_LIMIT}`);
  return inHundredths(value);
}

/**
 * One native message (`{ port, payload, received_at, f_cnt?, gateway?, rssi?, snr? }`, unknown
 * fields ignored) read by hand rather than by a schema: this runs for every message, and MQTT
 * carries one reading per message. The rules are the HTTP batch's (ingest.transports.ts).
 */
function nativeUplink(mac: string, message: unknown, now: Date): Uplink {
  if (typeof message !== 'object' || message === null)
    throw unreadable('message', 'must be an object');
  const m = message as Record<string, unknown>;
  const { port, payload, received_at: receivedText, f_cnt: fCnt, gateway } = m;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 0 || port > 255)
    throw unreadable('port', 'must be an integer from 0 to 255');
  if (typeof payload !== 'string' || payload.length > MAX_PAYLOAD)
    throw unreadable('payload', `must be base64 text of at most ${MAX_PAYLOAD} characters`);
  // As HTTP refuses it: decoded anyway it would be stored as a garbage malformed reading.
  if (!BASE64.test(payload)) throw unreadable('payload', 'must be base64');
  if (typeof receivedText !== 'string' || receivedText.length > MAX_TIME)
    throw unreadable('received_at', 'must be an ISO 8601 time');
  if (fCnt !== undefined && (typeof fCnt !== 'number' || !Number.isSafeInteger(fCnt) || fCnt < 0))
    throw unreadable('f_cnt', 'must be a whole number from 0');
  if (
    gateway !== undefined &&
    gateway !== null &&
    (typeof gateway !== 'string' || gateway.length > MAX_GATEWAY)
  )
    throw unreadable('gateway', `must be text of at most ${MAX_GATEWAY} characters`);
  const receivedAt = new Date(receivedText);
  const problem = receiveTimeProblem(receivedAt, now);
  if (problem !== null) throw unreadable('received_at', problem);
  const bytes = Buffer.from(payload, 'base64');
  return {
    mac,
    port,
    payload: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    receivedAt,
    fCnt: fCnt ?? null,
    gateway: gateway ?? null,
    rssi: signalOf(m.rssi, 'rssi'),
    snr: signalOf(m.snr, 'snr'),
    transport: 'mqtt',
  };
}

const NATIVE_TOPIC = /(?:^|\/)flowsight\/uplinks\/([^/]+)$/;

/** The two formats of uplink MQTT carries. */
export type MqttFormat = 'chirpstack' | 'native';
/** The QoS the newest uplink of a format arrived with, and when. */
export type UplinkQos = { format: MqttFormat; qos: number; at: Date };
/** How often the log repeats that uplinks of a format arrive at QoS 0. */
export const QOS0_WARNING_INTERVAL_MS = 3_600_000;
const QOS0_ADVICE: Record<MqttFormat, string> = {
  chirpstack:
    "set qos=1 in ChirpStack's [integration.mqtt] (chirpstack.toml), or uplinks sent while Flowsight is down are lost",
  native:
    'publish to flowsight/uplinks/<DevEUI> at QoS 1, or uplinks sent while Flowsight is down are lost',
};
/** What the log and the Integrations page say while uplinks of these formats arrive at QoS 0. */
export const qos0Warning = (formats: readonly MqttFormat[]) =>
  `MQTT uplinks arrive at QoS 0 (${formats.join(', ')}): ${formats.map((f) => QOS0_ADVICE[f]).join('; ')}`;
const formatOf = (topic: string): MqttFormat =>
  NATIVE_TOPIC.test(topic) ? 'native' : 'chirpstack';
const CHIRPSTACK_UP_TOPIC = /\/event\/up$/;

/** The uplinks one MQTT message carries; throws when it is not one of the two formats. */
export function uplinksOfMessage(topic: string, payload: Buffer): Uplink[] {
  const body: unknown = JSON.parse(payload.toString('utf8'));
  const native = NATIVE_TOPIC.exec(topic);
  if (native) {
    const mac = native[1] ?? '';
    const now = new Date();
    return Array.isArray(body)
      ? body.map((message) => nativeUplink(mac, message, now))
      : [nativeUplink(mac, body, now)];
  }
  if (CHIRPSTACK_UP_TOPIC.test(topic))
    return [fromChirpstack(chirpstackUpSchema.parse(body), 'mqtt')];
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

  const qosSeen = new Map<MqttFormat, UplinkQos>();
  const warnedAt = new Map<MqttFormat, number>();
  const recordQos = (topic: string, qos: number) => {
    const format = formatOf(topic);
    const now = Date.now();
    qosSeen.set(format, { format, qos, at: new Date(now) });
    if (qos > 0) return;
    const last = warnedAt.get(format);
    if (last !== undefined && now - last < QOS0_WARNING_INTERVAL_MS) return;
    warnedAt.set(format, now);
    log.warn({ format, topic }, qos0Warning([format]));
  };

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
    recordQos(publish.topic, publish.qos);
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
    /** The QoS the newest uplink of each format arrived with (none yet: empty). */
    uplinkQos: (): UplinkQos[] => [...qosSeen.values()],
    async close() {
      flush();
      await Promise.all(lanes);
      await client.endAsync();
    },
  };
}
export type MqttIngest = Awaited<ReturnType<typeof startMqttIngest>>;
