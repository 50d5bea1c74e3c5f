// ChirpStack v4's HTTP integration posts every event of a device to one URL, naming it in
// `?event=`: `up` carries an uplink, `status` the battery; joins, acks, logs and the rest are
// acknowledged and not used. This reads a call into what the ingest service acts on, and refuses a
// malformed `up` or `status` body naming its fields as the error plugin names any bad input.
import type { z } from 'zod';
import { Invalid } from '../../lib/errors.ts';
import { problemMessage } from '../../plugins/errors.ts';
import type { Uplink } from './ingest.decoding.ts';
import { chirpstackStatusSchema, chirpstackUpSchema, fromChirpstack } from './ingest.transports.ts';

export type ChirpstackEvent =
  | { kind: 'up'; uplink: Uplink }
  | {
      kind: 'status';
      devEui: string;
      /** Absent when the device could not measure it. */
      battery: { level: number; at: Date } | undefined;
    }
  | { kind: 'ignored'; reason: string };

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Invalid(
      result.error.issues.map((issue) => problemMessage('body', issue.path, issue.message)),
    );
  }
  return result.data;
}

export function readChirpstackEvent(event: string, body: unknown): ChirpstackEvent {
  if (event === 'up')
    return { kind: 'up', uplink: fromChirpstack(parsed(chirpstackUpSchema, body)) };
  if (event === 'status') {
    const status = parsed(chirpstackStatusSchema, body);
    const measured = status.batteryLevel !== undefined && !status.batteryLevelUnavailable;
    return {
      kind: 'status',
      devEui: status.deviceInfo.devEui,
      battery:
        measured && status.batteryLevel !== undefined
          ? { level: status.batteryLevel, at: status.time ?? new Date() }
          : undefined,
    };
  }
  return { kind: 'ignored', reason: `event ${event} is not used` };
}
