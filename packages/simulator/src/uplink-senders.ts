// Delivers simulated uplinks to a running Flowsight the ways real network servers do: the native
// HTTP batch, the ChirpStack v4 HTTP integration event, The Things Stack v3 webhook, or MQTT
// (ChirpStack's `event/up` topic or the native `flowsight/uplinks/<mac>` topic, QoS 1). Failed
// deliveries are retried with exponential backoff: the server's natural key makes a redelivery a
// no-op, so retrying after an unclear failure can never count a reading twice.
import { randomUUID } from 'node:crypto';
import type { SimulatedUplink } from './fleet-simulation.ts';

export type UplinkSender = {
  /** Resolves once every uplink was acknowledged by the server (or broker). */
  send(uplinks: readonly SimulatedUplink[]): Promise<void>;
  close(): Promise<void>;
};

export type RetryOptions = {
  retries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  onRetry?: (attempt: number, error: unknown) => void;
};

/** Worth retrying: the network failed, or the server was busy, starting or failing. */
export class TransientError extends Error {}

export async function withRetry<T>(
  action: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const retries = options.retries ?? 8;
  const base = options.baseDelayMs ?? 250;
  const max = options.maxDelayMs ?? 15_000;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof TransientError) || attempt >= retries) throw error;
      options.onRetry?.(attempt + 1, error);
      const delay = Math.min(max, base * 2 ** attempt) * (0.5 + Math.random() / 2);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** The native batch item (`POST /api/ingest/uplinks`, also the MQTT native message). */
export function nativeUplink(uplink: SimulatedUplink) {
  return {
    mac: uplink.mac,
    port: uplink.port,
    payload: base64(uplink.payload),
    received_at: uplink.receivedAt.toISOString(),
    f_cnt: uplink.fCnt,
    gateway: uplink.gateway,
    rssi: uplink.rssi,
    snr: uplink.snr,
  };
}

const SIM_APPLICATION_ID = '5f1e0c2a-7a51-4e0b-9d2f-f10a5e000001';

/** A ChirpStack v4 `up` event as its HTTP integration and MQTT `event/up` topic publish it. */
export function chirpstackEvent(uplink: SimulatedUplink) {
  return {
    deduplicationId: randomUUID(),
    time: uplink.receivedAt.toISOString(),
    deviceInfo: {
      tenantName: 'Flowsight simulator',
      applicationId: SIM_APPLICATION_ID,
      applicationName: 'flowsight-simulator',
      deviceProfileName: 'Flowsight micrometer',
      deviceName: `micrometer-${uplink.mac.toLowerCase()}`,
      devEui: uplink.mac.toLowerCase(),
    },
    // ChirpStack leaves zero values out.
    ...(uplink.port === 0 ? {} : { fPort: uplink.port }),
    ...(uplink.fCnt === 0 ? {} : { fCnt: uplink.fCnt }),
    data: base64(uplink.payload),
    rxInfo: uplink.gateway
      ? [{ gatewayId: uplink.gateway, rssi: uplink.rssi, snr: uplink.snr }]
      : [],
  };
}

/** A The Things Stack v3 webhook uplink message. */
export function ttnUplinkMessage(uplink: SimulatedUplink) {
  const receivedAt = uplink.receivedAt.toISOString();
  return {
    end_device_ids: {
      device_id: `micrometer-${uplink.mac.toLowerCase()}`,
      application_ids: { application_id: 'flowsight-simulator' },
      dev_eui: uplink.mac,
    },
    received_at: receivedAt,
    uplink_message: {
      f_port: uplink.port,
      f_cnt: uplink.fCnt,
      frm_payload: base64(uplink.payload),
      rx_metadata: uplink.gateway
        ? [{ gateway_ids: { gateway_id: uplink.gateway }, rssi: uplink.rssi, snr: uplink.snr }]
        : [],
      received_at: receivedAt,
    },
  };
}

type HttpOptions = { url: string; key: string; retry?: RetryOptions };

async function post(options: HttpOptions, path: string, body: unknown): Promise<void> {
  let response: Response;
  try {
    response = await fetch(new URL(path, options.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': options.key },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new TransientError(`POST ${path} failed: ${(error as Error).message}`);
  }
  if (response.ok) {
    await response.arrayBuffer();
    return;
  }
  const text = (await response.text()).slice(0, 300);
  const message = `POST ${path} answered ${response.status}: ${text}`;
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    throw new TransientError(message);
  }
  throw new Error(message);
}

/** Runs `work` over the items with at most `concurrency` in flight. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(workers);
}

/** Native batches of up to `batchSize` (the server takes at most 5,000). */
export function createHttpSender(options: HttpOptions & { batchSize?: number }): UplinkSender {
  const size = Math.min(5000, Math.max(1, options.batchSize ?? 1000));
  return {
    async send(uplinks) {
      for (let i = 0; i < uplinks.length; i += size) {
        const body = { uplinks: uplinks.slice(i, i + size).map(nativeUplink) };
        await withRetry(() => post(options, '/api/ingest/uplinks', body), options.retry);
      }
    },
    close: async () => {},
  };
}

/** One request per uplink, as the network servers send them; a few in flight. */
export function createEventSender(
  options: HttpOptions & { format: 'chirpstack' | 'ttn'; concurrency?: number },
): UplinkSender {
  const path =
    options.format === 'chirpstack' ? '/api/ingest/chirpstack?event=up' : '/api/ingest/ttn';
  const shape = options.format === 'chirpstack' ? chirpstackEvent : ttnUplinkMessage;
  return {
    send: (uplinks) =>
      pool(uplinks, options.concurrency ?? 8, (uplink) =>
        withRetry(() => post(options, path, shape(uplink)), options.retry),
      ),
    close: async () => {},
  };
}

export type MqttSenderOptions = {
  url: string;
  /** `native`: flowsight/uplinks/<mac> with an array per MAC; `chirpstack`: event/up per uplink. */
  format?: 'native' | 'chirpstack';
  /** ChirpStack application id in the topic. */
  application?: string;
  username?: string;
  password?: string;
};

/** The MQTT messages for some uplinks: topic and JSON body of each. */
export function mqttMessages(
  uplinks: readonly SimulatedUplink[],
  format: 'native' | 'chirpstack' = 'native',
  application = SIM_APPLICATION_ID,
): { topic: string; body: unknown }[] {
  if (format === 'chirpstack') {
    return uplinks.map((uplink) => ({
      topic: `application/${application}/device/${uplink.mac.toLowerCase()}/event/up`,
      body: chirpstackEvent(uplink),
    }));
  }
  const byMac = new Map<string, SimulatedUplink[]>();
  for (const uplink of uplinks) {
    const list = byMac.get(uplink.mac) ?? [];
    list.push(uplink);
    byMac.set(uplink.mac, list);
  }
  // One message per sensor carrying its uplinks; the MAC is in the topic.
  return [...byMac].map(([mac, list]) => ({
    topic: `flowsight/uplinks/${mac}`,
    body: list.map((uplink) => {
      const { mac: _inTopic, ...message } = nativeUplink(uplink);
      return message;
    }),
  }));
}

/** Publishes with QoS 1; `send` resolves when the broker acknowledged every message. */
export async function createMqttSender(options: MqttSenderOptions): Promise<UplinkSender> {
  const { connectAsync } = await import('mqtt');
  const client = await connectAsync(options.url, {
    clientId: `flowsight-simulator-${process.pid}`,
    username: options.username,
    password: options.password,
    reconnectPeriod: 1000,
  });
  const publish = (topic: string, body: unknown) =>
    withRetry(async () => {
      try {
        await client.publishAsync(topic, JSON.stringify(body), { qos: 1 });
      } catch (error) {
        throw new TransientError(`publish to ${topic} failed: ${(error as Error).message}`);
      }
    });
  return {
    send: (uplinks) =>
      pool(mqttMessages(uplinks, options.format, options.application), 32, ({ topic, body }) =>
        publish(topic, body),
      ),
    close: () => client.endAsync(),
  };
}

/** Prints uplinks as native JSON lines (a dry run, or input for another tool). */
export function createNdjsonSender(write: (line: string) => void): UplinkSender {
  return {
    send: async (uplinks) => {
      for (const uplink of uplinks) write(JSON.stringify(nativeUplink(uplink)));
    },
    close: async () => {},
  };
}
