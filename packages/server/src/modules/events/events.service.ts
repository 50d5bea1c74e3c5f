// The event log (DESIGN section 8: every transition is an event — who, when, from, to, note),
// listed newest first for the provider's staff on `/events`.
import { type ListQueryInput, listEnvelope } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { type EventsRepository, eventList } from './events.repository.ts';

export const eventListQuerySchema = eventList.querySchema;

export function createEventsService(repository: EventsRepository) {
  return {
    async list(scope: Scope, input: ListQueryInput, url: string) {
      const query = eventList.toQuery(input);
      const { rows, total } = await repository.page(scope, query);
      return listEnvelope(rows, total, query, url);
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
