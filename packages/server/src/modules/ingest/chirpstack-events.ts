// ChirpStack v4's HTTP integration posts every event of a device to one URL, naming it in
// `?event=`: `up` carries an uplink, `status` the battery; joins, acks, logs and the rest are
// acknowledged and not used. This reads a call into what the ingest service acts on, refuses a
// malformed `up` or `status` body naming its fields as the error plugin names any bad input, and
// says what became of a `status` event (recorded, or why not). ChirpStack encodes its events as
// protobuf unless told otherwise: such a call is refused with 415 saying how to ask for JSON.
import type { z } from 'zod';
import { AppError, Invalid } from '../../lib/errors.ts';
import { problemMessage } from '../../plugins/errors.ts';
import type { Uplink } from './ingest.decoding.ts';
import type { BatteryOutcome } from './ingest.repository.ts';
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

export class UnsupportedEncoding extends AppError {
  readonly statusCode = 415;
}
/** The refusal of a body that is not JSON (ChirpStack's protobuf encoding, most likely). */
export const jsonExpected = () =>
  new UnsupportedEncoding(
    'Ingest calls are JSON (Content-Type: application/json). ChirpStack sends protobuf unless told ' +
      'otherwise: in its HTTP integration set "Payload encoding: JSON".',
  );

/** What a `status` event's answer says: the battery recorded, or why it was not. */
export function statusAnswer(
  battery: number | undefined,
  outcome: (BatteryOutcome & { mac: string }) | undefined,
): { recorded: string } | { ignored: string } {
  if (battery === undefined || !outcome)
    return { ignored: 'the device could not measure its battery: status not recorded' };
  switch (outcome.kind) {
    case 'recorded':
      return { recorded: `battery ${Math.round(battery)}% of ${outcome.mac}` };
    case 'unknown':
      return { ignored: `no micrometer has DevEUI ${outcome.mac}: status not recorded` };
    case 'stale':
      return {
        ignored: `the battery report is older than the last reading of ${outcome.mac} (${outcome.lastHeard.toISOString()}): not recorded`,
      };
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
