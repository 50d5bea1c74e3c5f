// The one place errors become HTTP answers: `{ statusCode, error, message }`. Typed application
// errors keep their status, validation problems become 400 with one message per problem,
// database constraint refusals and bad-value data exceptions become 400/409 with a readable
// message, and 5xx hide internals.
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, TooManyRequests } from '../lib/errors.ts';

type DatabaseError = {
  code: string;
  table?: string;
  constraint?: string;
  detail?: string;
};

/** Finds the driver's error inside Drizzle's wrapper, if the failure came from the database. */
function databaseError(error: unknown): DatabaseError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as DatabaseError;
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * The answer when the database itself refuses a value. Validation should refuse every bad value
 * first, naming its parameter (the route fuzz test fails on this answer); this is the backstop.
 */
export const DATABASE_REFUSAL = 'A value is out of range or malformed';

/**
 * PostgreSQL's data exceptions that only bad input causes: malformed text for the type (22P02),
 * a number out of range (22003), a bad or overflowing date and time (22007, 22008), text the
 * encoding cannot hold (22021, 22P05), too long for its column (22001) and an invalid regular
 * expression (2201B).
 */
const DATA_EXCEPTIONS = new Set([
  '22P02',
  '22003',
  '22007',
  '22008',
  '22021',
  '22P05',
  '22001',
  '2201B',
]);

const words = (identifier: string) => identifier.replaceAll('_', ' ');

/**
 * One validation problem as the 400 answer names it: where (`body`, `querystring`, …), the path
 * inside it and what is wrong, as in `body.uplinks.1.received_at: must be an ISO 8601 time`.
 * Routes that validate a part of the body themselves answer in the same words.
 */
export function problemMessage(
  context: string,
  path: readonly PropertyKey[],
  message: string,
): string {
  const where = [context, ...path.map(String)].join('.');
  return `${where}: ${message}`;
}

function constraintAnswer(error: DatabaseError): { status: number; message: string } | undefined {
  const detail = error.detail ?? '';
  if (error.code === '23503') {
    const dependent = /referenced from table "([^"]+)"/.exec(detail)?.[1];
    if (dependent) {
      return {
        status: 409,
        message: `It cannot be removed while ${words(dependent)} still depend on it`,
      };
    }
    const missing = /Key \(([^)]+)\)=\(([^)]*)\) is not present in table "([^"]+)"/.exec(detail);
    if (missing) {
      return {
        status: 400,
        message: `${words(missing[1] ?? 'reference')} ${missing[2]} does not exist`,
      };
    }
    return { status: 409, message: 'The change conflicts with related records' };
  }
  if (error.code === '23505') {
    const columns = /Key \(([^)]+)\)=/.exec(detail)?.[1];
    return {
      status: 409,
      message: columns
        ? `A record with this ${words(columns).replace(/lower\((\w+)\)/, '$1')} already exists`
        : 'A record like this already exists',
    };
  }
  if (error.code === '23514' || DATA_EXCEPTIONS.has(error.code)) {
    return { status: 400, message: DATABASE_REFUSAL };
  }
  return undefined;
}

export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (statusCode: number, message: string | readonly string[]) =>
      reply
        .status(statusCode)
        .send({ statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message });

    if (error instanceof TooManyRequests) reply.header('retry-after', error.retryAfterSeconds);
    if (error instanceof AppError) return send(error.statusCode, error.messages ?? error.message);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'request';
      const messages = error.validation.map((problem) => {
        const path = problem.instancePath.replace(/^\//, '');
        return problemMessage(context, path ? path.split('/') : [], `${problem.message}`);
      });
      return send(400, messages);
    }

    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return send(500, 'Internal Server Error');
    }

    const dbError = databaseError(error);
    const answer = dbError && constraintAnswer(dbError);
    if (answer) return send(answer.status, answer.message);

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(status, 'Internal Server Error');
    }
    if (status === 429 && error.message) return send(429, error.message);
    return send(status, error.message || (STATUS_CODES[status] ?? 'Error'));
  });
});
