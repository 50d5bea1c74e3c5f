// The shapes network servers deliver uplinks in, read into the ingest service's `Uplink`:
// Flowsight's native batch, the ChirpStack v4 integration event and The Things Stack v3 webhook
// (samples of both in /fixtures/lorawan, as their documentation publishes them). Fields those
// servers leave out when zero or empty (fPort, fCnt, data) read as zero or empty. Unknown fields
// are ignored: network servers add fields between versions. Every receive time must lie in the
// window the domain allows (`receiveTimeProblem`), checked against the clock as it is read.
import { receiveTimeProblem } from '@flowsight/domain/device-protocol';
import { z } from 'zod';
import type { Uplink } from './ingest.decoding.ts';

/** Most uplinks one native batch may carry. */
export const MAX_BATCH = 5000;

/** Base64 text (either alphabet); the MQTT native topic applies the same rule. */
export const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;
const base64 = z
  .string()
  .max(1024)
  .regex(BASE64, 'must be base64')
  .transform((text) => new Uint8Array(Buffer.from(text, 'base64')));
/** Any ISO 8601 time. */
const instant = z
  .string()
  .max(64)
  .refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 time')
  .transform((text) => new Date(text));
/** A receive time, within the window ingest accepts. */
const timestamp = instant.check((context) => {
  const problem = receiveTimeProblem(context.value, new Date());
  if (problem !== null)
    context.issues.push({ code: 'custom', message: problem, input: context.value });
});
const mac = z.string().min(1).max(64);
const port = z.number().int().min(0).max(255);
const counter = z.number().int().min(0).max(4_294_967_295);
/** A signal figure kept in hundredths (see `signal`). */
export const inHundredths = (value: number) => Math.round(value * 100) / 100;
/** The range `signal` accepts. */
export const SIGNAL_LIMIT = 1000;
/**
 * Signal strength (dBm) or margin (dB) as a network server reports it, kept in hundredths: it is
 * stored in a PostgreSQL `real`, which refuses magnitudes it cannot represent (1e-320 would fail
 * the whole batch), and no radio measures finer.
 */
export const signal = z
  .number()
  .min(-SIGNAL_LIMIT)
  .max(SIGNAL_LIMIT)
  .transform((value) => inHundredths(value));

export const nativeBatchSchema = z
  .object({
    uplinks: z
      .array(
        z
          .object({
            mac,
            port,
            payload: base64.describe('FRMPayload, base64'),
            received_at: timestamp.describe('Network server receive time (end of the interval)'),
            f_cnt: counter.optional(),
            gateway: z.string().max(64).nullable().optional(),
            rssi: signal.nullable().optional(),
            snr: signal.nullable().optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_BATCH),
  })
  .strict();

export function fromNativeBatch(body: z.output<typeof nativeBatchSchema>): Uplink[] {
  return body.uplinks.map((u) => ({
    mac: u.mac,
    port: u.port,
    payload: u.payload,
    receivedAt: u.received_at,
    fCnt: u.f_cnt ?? null,
    gateway: u.gateway ?? null,
    rssi: u.rssi ?? null,
    snr: u.snr ?? null,
    transport: 'http',
  }));
}

/** ChirpStack v4 `up` event (HTTP integration body, also the MQTT `event/up` payload). */
export const chirpstackUpSchema = z.looseObject({
  deduplicationId: z.string().max(64).optional(),
  time: timestamp,
  deviceInfo: z.looseObject({ devEui: mac }),
  fPort: port.optional(),
  fCnt: counter.optional(),
  data: base64.optional(),
  rxInfo: z
    .array(
      z.looseObject({
        gatewayId: z.string().max(64).optional(),
        rssi: signal.optional(),
        snr: signal.optional(),
      }),
    )
    .max(64)
    .optional(),
});

/** ChirpStack v4 `status` event: the device's battery report. */
export const chirpstackStatusSchema = z.looseObject({
  time: timestamp.optional(),
  deviceInfo: z.looseObject({ devEui: mac }),
  batteryLevelUnavailable: z.boolean().optional(),
  batteryLevel: z.number().min(0).max(100).optional(),
});

/** The gateway that heard the uplink best (highest RSSI), as the reading's gateway. */
function strongest<T extends { rssi?: number | undefined }>(receptions: readonly T[] | undefined) {
  return (receptions ?? []).reduce<T | undefined>(
    (best, reception) =>
      best === undefined || (reception.rssi ?? -Infinity) > (best.rssi ?? -Infinity)
        ? reception
        : best,
    undefined,
  );
}

export function fromChirpstack(
  event: z.output<typeof chirpstackUpSchema>,
  transport: 'chirpstack' | 'mqtt' = 'chirpstack',
): Uplink {
  const best = strongest(event.rxInfo);
  return {
    mac: event.deviceInfo.devEui,
    port: event.fPort ?? 0,
    payload: event.data ?? new Uint8Array(),
    receivedAt: event.time,
    fCnt: event.fCnt ?? 0,
    gateway: best?.gatewayId ?? null,
    rssi: best?.rssi ?? null,
    snr: best?.snr ?? null,
    transport,
  };
}

/**
 * The Things Stack v3 webhook body; only uplink messages carry `uplink_message`. The receive time
 * used (the network server's, else the application server's) must lie in the accepted window.
 */
export const ttnWebhookSchema = z
  .looseObject({
    // Absent for a device activated by ABP without one: acknowledged and ignored (ttnIgnored).
    end_device_ids: z.looseObject({ dev_eui: mac.optional() }).optional(),
    received_at: instant.optional(),
    /** Sent from the console's "Simulate uplink": no water went through anything. */
    simulated: z.boolean().optional(),
    uplink_message: z
      .looseObject({
        f_port: port.optional(),
        f_cnt: counter.optional(),
        frm_payload: base64.optional(),
        received_at: instant.optional(),
        rx_metadata: z
          .array(
            z.looseObject({
              gateway_ids: z
                .looseObject({
                  gateway_id: z.string().max(64).optional(),
                  eui: z.string().max(64).optional(),
                })
                .optional(),
              rssi: signal.optional(),
              snr: signal.optional(),
            }),
          )
          .max(64)
          .optional(),
      })
      .optional(),
  })
  .check((context) => {
    const message = context.value.uplink_message;
    if (!message) return;
    const [field, at] = message.received_at
      ? [['uplink_message', 'received_at'], message.received_at]
      : [['received_at'], context.value.received_at];
    // A time that is not one at all has its own issue already, and no Date to check.
    const problem = at instanceof Date && receiveTimeProblem(at, new Date());
    if (problem) {
      context.issues.push({ code: 'custom', message: problem, input: at, path: field });
    }
  });

/** Why a The Things Stack message stores nothing though it may be an uplink (undefined: it may). */
export function ttnIgnored(body: z.output<typeof ttnWebhookSchema>): string | undefined {
  if (body.simulated) return 'a simulated uplink (sent from the console): not stored';
  if (!body.end_device_ids?.dev_eui) return 'the end device has no DevEUI: not stored';
  return undefined;
}

/** TTS's default gateway id, `eui-` and the EUI in lower case. */
const DEFAULT_GATEWAY_ID = /^eui-([0-9a-f]{16})$/i;

export function fromTtn(body: z.output<typeof ttnWebhookSchema>): Uplink | undefined {
  const message = body.uplink_message;
  const mac = body.end_device_ids?.dev_eui;
  if (!message || !mac) return undefined;
  // The network server's receive time ends the report's interval; the outer one is the
  // application server's.
  const receivedAt = message.received_at ?? body.received_at;
  if (!receivedAt) return undefined;
  const best = strongest(message.rx_metadata);
  const ids = best?.gateway_ids;
  const gatewayId = ids?.gateway_id ?? null;
  return {
    mac,
    port: message.f_port ?? 0,
    payload: message.frm_payload ?? new Uint8Array(),
    receivedAt,
    fCnt: message.f_cnt ?? 0,
    gateway: gatewayId ?? ids?.eui ?? null,
    gatewayEui: ids?.eui ?? (gatewayId && DEFAULT_GATEWAY_ID.exec(gatewayId)?.[1]) ?? null,
    rssi: best?.rssi ?? null,
    snr: best?.snr ?? null,
    transport: 'ttn',
  };
}
