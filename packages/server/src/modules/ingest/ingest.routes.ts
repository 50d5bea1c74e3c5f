// `/api/ingest/...`: uplinks from network-server integrations, authenticated by integration API
// keys (plugins/auth.ts), limited per key, and answered only after the rows are committed, so a
// 2xx means stored and a retry after any failure is safe (redeliveries are no-ops). A company's
// key writes only that company's micrometers: the others of a call are refused and named in the
// answer, and a call with none of its micrometers in scope is refused with 403. Receive times must
// lie within the window of `receiveTimeProblem` (400 naming the field).
import { READING_MAX_AGE_DAYS, READING_MAX_FUTURE_SKEW_MS } from '@flowsight/domain/constants';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unauthorized } from '../../lib/errors.ts';
import { errorSchema } from '../../lib/http-schemas.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { jsonExpected, readChirpstackEvent, statusAnswer } from './chirpstack-events.ts';
import type { IngestResult, IngestScope, IngestService } from './ingest.service.ts';
import {
  fromNativeBatch,
  fromTtn,
  nativeBatchSchema,
  ttnIgnored,
  ttnWebhookSchema,
} from './ingest.transports.ts';

const tags = ['ingest'];
/** Large enough for a full native batch of base64 frames with metadata. */
const INGEST_BODY_LIMIT = 4 * 1_048_576;

export const ingestResultSchema = z.object({
  received: z.number().int(),
  stored: z.number().int().describe('New readings stored'),
  duplicates: z.number().int().describe('Redeliveries of readings already stored'),
  malformed: z.number().int().describe('Stored with their decoding error'),
  unassigned: z.number().int().describe('From MACs not assigned to a unit'),
  refused: z
    .number()
    .int()
    .describe("Not stored: their micrometer is outside the key's company (never with a fleet key)"),
  refused_macs: z.array(z.string()).describe('The DevEUIs of the refused uplinks, each once'),
});
const ignoredSchema = z.object({
  ignored: z.string().describe('Why nothing was stored or recorded'),
});
const recordedSchema = z.object({ recorded: z.string().describe('What was recorded') });
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  413: errorSchema,
  415: errorSchema,
  429: errorSchema,
};

/** What every ingest route says about keys and times (the OpenAPI description). */
const rules =
  "A key scoped to a company writes only that company's micrometers: uplinks of any other DevEUI " +
  "(another company's, stock or unknown) are not stored and are counted and named in `refused` and " +
  "`refused_macs`; when none of a call's uplinks is in scope the call is refused with 403 naming " +
  'them. A whole-fleet key writes every DevEUI. A receive time more than ' +
  `${READING_MAX_FUTURE_SKEW_MS / 60_000} minutes ahead of the server's clock, or more than ` +
  `${READING_MAX_AGE_DAYS} days old, is refused with 400 naming the field; nothing of that call is stored.`;

/** The scope of the key that authenticated the call. */
function keyScope(request: FastifyRequest): IngestScope {
  if (!request.integrationKey) throw new Unauthorized('A valid integration API key is required');
  return { companyId: request.integrationKey.companyId };
}
const answer = ({ refusedMacs, ...counts }: IngestResult) => ({
  ...counts,
  refused_macs: refusedMacs,
});

export const TOO_MANY_INGEST_CALLS =
  'Too many ingest calls for this key; retry after the indicated time';

export const ingestModule: FastifyPluginAsyncZod<{
  service: IngestService;
  limiter: RateLimiter;
  rule: RateLimitRule;
}> = async (app, { service, limiter, rule }) => {
  // Group commit: the writers may wait a moment for a batch whose request is still being read.
  const arrivals = new WeakMap<object, () => void>();
  const arrived = (request: object) => arrivals.get(request)?.();
  app.addHook('onRequest', async (request) => {
    arrivals.set(request, service.announce());
  });
  // Every body here is JSON; anything else (ChirpStack's default protobuf) is refused saying so.
  app.addContentTypeParser('*', async () => {
    throw jsonExpected();
  });
  app.addHook('onResponse', async (request) => arrived(request));
  app.addHook('onRequestAbort', async (request) => arrived(request));
  app.addHook('preHandler', async (request) => {
    // The body is read and valid: the batch is about to be handed over (or refused below).
    arrived(request);
    await limiter.hit(
      [{ key: `ingest:${request.integrationKey?.id}`, rule }],
      TOO_MANY_INGEST_CALLS,
    );
  });

  app.post(
    '/uplinks',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        operationId: 'ingestUplinks',
        tags,
        summary: 'Native batch of uplinks (at most 5,000); answered after they are committed',
        description: rules,
        body: nativeBatchSchema,
        response: { 200: ingestResultSchema, ...errors },
      },
    },
    async (request) =>
      answer(await service.ingest(fromNativeBatch(request.body), keyScope(request))),
  );

  app.post(
    '/chirpstack',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        operationId: 'ingestChirpStackEvent',
        tags,
        summary:
          'ChirpStack v4 HTTP integration: `up` events are stored, `status` updates the battery, others are ignored',
        description:
          `${rules} A \`status\` event of a micrometer outside the key's company is refused with 403; ` +
          'one of an unknown micrometer, without a battery level, or older than the last reading ' +
          "heard is answered `ignored`, saying why. Events must be JSON-encoded (the integration's " +
          '"Payload encoding: JSON"); protobuf is refused with 415.',
        querystring: z.object({ event: z.string().max(32) }),
        body: z.looseObject({}),
        response: { 200: z.union([ingestResultSchema, ignoredSchema, recordedSchema]), ...errors },
      },
    },
    async (request) => {
      const event = readChirpstackEvent(request.query.event, request.body);
      if (event.kind === 'up')
        return answer(await service.ingest([event.uplink], keyScope(request)));
      if (event.kind === 'ignored') return { ignored: event.reason };
      const battery = event.battery;
      const outcome =
        battery &&
        (await service.recordBattery(event.devEui, battery.level, battery.at, keyScope(request)));
      return statusAnswer(battery?.level, outcome);
    },
  );

  app.post(
    '/ttn',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      schema: {
        operationId: 'ingestTtnMessage',
        tags,
        summary: 'The Things Stack v3 webhook: uplink messages are stored, other messages ignored',
        description:
          `${rules} Simulated uplinks (\`simulated: true\`) and messages of a device without a ` +
          'DevEUI are acknowledged and answered `ignored`. The gateway that heard an uplink is the ' +
          'one registered with its gateway id or its EUI (`rx_metadata[].gateway_ids.eui`, or the ' +
          'default id `eui-<EUI>`).',
        body: ttnWebhookSchema,
        response: { 200: z.union([ingestResultSchema, ignoredSchema]), ...errors },
      },
    },
    async (request) => {
      const ignored = ttnIgnored(request.body);
      if (ignored) {
        request.log.info({ reason: ignored }, 'The Things Stack message acknowledged, not stored');
        return { ignored };
      }
      const uplink = fromTtn(request.body);
      if (!uplink) return { ignored: 'not an uplink message' };
      return answer(await service.ingest([uplink], keyScope(request)));
    },
  );
};
