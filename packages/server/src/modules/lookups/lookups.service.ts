// Serves the lookup catalogue with the shapes the web reads.
import { granularities } from '@flowsight/domain/granularity';
import type { createLookupsRepository } from './lookups.repository.ts';
import { type StaticResponse, staticResponseSchema } from './lookups.schemas.ts';

type LookupsRepository = ReturnType<typeof createLookupsRepository>;

export function createLookupsService(repository: LookupsRepository) {
  return {
    async getStatic(): Promise<StaticResponse> {
      const lookups = await repository.findAll();
      return staticResponseSchema.parse({
        ...lookups,
        granularities: granularities.map(({ id, name, format, bucketsBack }) => ({
          id,
          name,
          format,
          buckets_back: bucketsBack,
        })),
      });
    },
  };
}
