// Schemas every route module shares: the error body of DESIGN section 4 and the bearer security
// requirement for the OpenAPI document.
import { z } from 'zod';

export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});

export const bearerSecurity = [{ bearer: [] }];
