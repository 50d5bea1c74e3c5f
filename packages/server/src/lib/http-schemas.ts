// Schemas every route module shares: the error body of DESIGN section 4, the path of one record
// (`/:id`, an id the database can hold) and the bearer security requirement for the OpenAPI
// document.
import { idParamSchema } from '@flowsight/domain/input';
import { z } from 'zod';

export const errorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});

/** The path parameters of a call about one record: `/:id`. */
export const idParams = z.object({ id: idParamSchema });

export const bearerSecurity = [{ bearer: [] }];
