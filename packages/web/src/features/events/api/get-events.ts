// GET /events: one page of the event log (system roles), newest first, with filters and search.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { pagingQuery, searchQuery } from '@/lib/list-params';
import { type EventListParams, eventApiFilters } from '../utils/event-list-params';

export async function getEvents(params: EventListParams) {
  return dataOrThrow(
    await apiClient.GET('/events', {
      params: {
        query: {
          ...pagingQuery(params),
          ...searchQuery(params.search),
          ...eventApiFilters(params),
        },
      },
    }),
  );
}

export type EventPage = Awaited<ReturnType<typeof getEvents>>;
export type EventRecord = EventPage['data'][number];

export const eventsQueryKey = ['events'] as const;

export function eventsQueryOptions(params: EventListParams) {
  return queryOptions({
    queryKey: [...eventsQueryKey, 'list', params],
    queryFn: () => getEvents(params),
    placeholderData: keepPreviousData,
  });
}

export function useEvents(params: EventListParams) {
  return useQuery(eventsQueryOptions(params));
}
