// The event log (DESIGN section 8: every transition is an event — who, when, from, to, note),
// listed newest first for the provider's staff on `/events`.
import type { ListQueryInput } from '../../lib/list-query.ts';
import type { Scope } from '../../lib/tenant-scope.ts';
import { type EventsRepository, eventList } from './events.repository.ts';

export const eventListQuerySchema = eventList.querySchema;

export function createEventsService(repository: EventsRepository) {
  return {
    async list(scope: Scope, input: ListQueryInput, url: string) {
      return eventList.page(input, url, (query) => repository.page(scope, query));
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
