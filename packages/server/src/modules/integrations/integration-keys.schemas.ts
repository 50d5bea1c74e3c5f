// Request and response schemas of the integration key calls.
import { idSchema } from '@flowsight/domain/input';
import { z } from 'zod';

export const integrationKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z
    .number()
    .int()
    .nullable()
    .describe('The company whose micrometers the key writes; null: the whole fleet'),
  company_name: z.string().nullable(),
  prefix: z.string().describe('The first characters of the key'),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export const createdKeySchema = integrationKeySchema.extend({
  key: z.string().describe('The key itself: shown this once, never again'),
});
export const createKeyBodySchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(80),
    company_id: idSchema
      .nullable()
      .optional()
      .describe(
        "The key's scope: a company's id for that company's network server, which may then write only that company's micrometers; null or left out: the whole fleet (the provider's network server)",
      ),
  })
  .strict();
