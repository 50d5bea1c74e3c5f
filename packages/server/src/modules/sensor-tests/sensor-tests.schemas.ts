// Request and response schemas of the bench test calls, shared by the routes (validation, OpenAPI)
// and the service (its answers' types).
import { z } from 'zod';
import { failedTestList } from './sensor-tests.repository.ts';

export const benchTestInputSchema = z
  .object({
    passed: z.boolean(),
    reason: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(500, 'must be at most 500 characters')
      .optional()
      .describe('Why it failed (required when passed is false)'),
  })
  .strict();
export type BenchTestInput = z.infer<typeof benchTestInputSchema>;

export const benchTestSchema = z.object({
  id: z.number().int(),
  sensor_id: z.number().int(),
  mac_address: z.string(),
  passed: z.boolean(),
  notes: z.string().nullable().describe('The reason given for a failure'),
  tested_at: z.string(),
  tester_name: z.string().nullable(),
});
export type BenchTest = z.infer<typeof benchTestSchema>;
export const clearedSchema = z.object({ cleared: z.number().int() });
export const failedTestListQuerySchema = failedTestList.querySchema;
