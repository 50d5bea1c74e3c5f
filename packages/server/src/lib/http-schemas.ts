// Schemas every route module shares: the error body of DESIGN section 4, the path of one record
// (`/:id`, an id the database can hold) and a body a call may go without. Each operation's security requirement comes from the
// access table (`plugins/openapi.ts`).
import { messageResponseSchema } from '@flowsight/domain/auth';
import { idParamSchema } from '@flowsight/domain/input';
import { z } from 'zod';

export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});

/** The answer of a call that only confirms: `{ message }`. */
export const messageSchema = messageResponseSchema;

/** The answer of a call that changes many rows: how many. */
export const countSchema = z.object({ count: z.number().int() });

/** The path parameters of a call about one record: `/:id`. */
export const idParams = z.object({ id: idParamSchema });

/**
 * A request body a call may go without. Fastify hands the body's validator `null` when nothing was
 * sent, so `.optional()` alone refuses a call without a body; the OpenAPI document marks such a
 * body not required (`plugins/openapi.ts`).
 */
export const optionalBody = <S extends z.ZodType>(schema: S) => schema.nullish();
