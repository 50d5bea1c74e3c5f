// /events (system roles; spec section 2, DESIGN section 8): the event log — who changed what,
// when, from which value to which, with a note — newest first and paged by the server. Search,
// entity type, action, company and a date range are kept in the address. Phones get one card per
// event instead of the table. The table is the list kit's (`components/data-table`); columns and
// filters live in `components/event-*.tsx`.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table';
import { useListTable } from '@/components/data-table/use-list-table';
import { useAddressSearch } from '@/lib/address-search';
import { useEvents } from '../api/get-events';
import { useEventColumns } from '../components/event-columns';
import { ClearEventFilters, EventFilters } from '../components/event-filters';
import {
  EVENT_PAGE_SIZES,
  type EventListParams,
  eventParamsFrom,
  eventSearchFrom,
} from '../utils/event-list-params';

/** Whether any filter is in use. */
const isFiltered = (params: EventListParams) =>
  params.search !== '' ||
  params.entityType !== '' ||
  params.action !== '' ||
  params.companyId !== null ||
  params.from !== '' ||
  params.to !== '';

export function EventsPage() {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = eventParamsFrom(searchParams);
  const events = useEvents(params);
  const [searchText, setSearchText] = useState(params.search);
  const [actionText, setActionText] = useState(params.action);

  const change = (next: Partial<EventListParams>) =>
    setSearchParams(eventSearchFrom({ ...params, page: 1, ...next }), { replace: true });

  // The address follows what was typed once typing pauses.
  useEffect(() => {
    if (searchText === params.search && actionText === params.action) return;
    const timer = window.setTimeout(
      () => change({ search: searchText, action: actionText }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  });

  const filtered = isFiltered(params);
  const clearFilters = () => {
    setSearchText('');
    setActionText('');
    setSearchParams(
      eventSearchFrom({ ...eventParamsFrom(new URLSearchParams()), limit: params.limit }),
      { replace: true },
    );
  };

  const list = useListTable({
    columns: useEventColumns(),
    query: events,
    // Newest first: the log does not sort by column.
    state: { ...params, sortBy: '' },
    onChange: change,
  });

  return (
    <Stack spacing={3} data-testid="events-page">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
        {t('events.title')}
      </Typography>
      <EventFilters
        params={params}
        onChange={change}
        phone={phone}
        search={{ text: searchText, setText: setSearchText }}
        action={{ text: actionText, setText: setActionText }}
      />
      {filtered && <ClearEventFilters onClear={clearFilters} />}
      <DataTable
        list={list}
        label={t('events.title')}
        loadError={t('events.loadError')}
        emptyText={filtered ? t('events.emptyFiltered') : t('events.empty')}
        pageSizes={EVENT_PAGE_SIZES}
        testIds={{ table: 'events-table', cards: 'events-cards', empty: 'events-empty' }}
        rowProps={() => ({ 'data-testid': 'event-row' })}
        rowSx={{ verticalAlign: 'top' }}
      />
    </Stack>
  );
}
