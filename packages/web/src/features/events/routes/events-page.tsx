// /events (system roles; spec section 2, DESIGN section 8): the event log — who changed what,
// when, from which value to which, with a note — newest first and paged by the server. Search,
// entity type, action, company and a date range are kept in the address. Phones get one card per
// event instead of the table.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import FilterAltOffRounded from '@mui/icons-material/FilterAltOffRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateInput, NOT_A_DATE } from '@/components/date-input';
import { ListPagination } from '@/components/list-pagination';
import { ListPanel } from '@/components/list-panel';
import { useTranslateMessage } from '@/i18n/messages';
import { displayDate } from '@/lib/display-date';
import { useCompanyNames } from '@/lib/place-names';
import { type EventRecord, useEvents } from '../api/get-events';
import { EventChange } from '../components/event-change';
import { useEventPresenter } from '../utils/event-change';
import {
  EVENT_ENTITY_TYPES,
  EVENT_PAGE_SIZES,
  type EventListParams,
  eventParamsFrom,
  eventSearchFrom,
  isKnownEntityType,
} from '../utils/event-list-params';

/** The texts of one event, shared by the table and the phone cards. */
function useEventTexts() {
  const { t, i18n } = useTranslation();
  const presenter = useEventPresenter();
  const entityLabel = (type: string) =>
    isKnownEntityType(type) ? t(`events.entityTypes.${type}`) : type;
  return (event: EventRecord) => ({
    when: displayDate(event.occurred_at, i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'medium',
    }),
    who:
      event.actor_user_id === null
        ? t('events.system')
        : (event.actor_name ?? t('events.unknownUser')),
    email: event.actor_email,
    entity: t('events.entityWithId', {
      entity: entityLabel(event.entity_type),
      id: event.entity_id,
    }),
    company: event.company_name,
    action: presenter.action(event.action),
    lines: presenter.lines(event),
  });
}

export function EventsPage() {
  const { t } = useTranslation();
  const _translate = useTranslateMessage();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [searchParams, setSearchParams] = useSearchParams();
  const params = eventParamsFrom(searchParams);
  const events = useEvents(params);
  const companies = useCompanyNames();
  const texts = useEventTexts();
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

  const filtered =
    params.search !== '' ||
    params.entityType !== '' ||
    params.action !== '' ||
    params.companyId !== null ||
    params.from !== '' ||
    params.to !== '';
  const clearFilters = () => {
    setSearchText('');
    setActionText('');
    setSearchParams(
      eventSearchFrom({ ...eventParamsFrom(new URLSearchParams()), limit: params.limit }),
      {
        replace: true,
      },
    );
  };

  const rows = events.data?.data ?? [];
  const total = events.data?.meta.totalItems ?? 0;

  const loading = events.isPending && (
    <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
  );
  const empty = events.isSuccess && rows.length === 0 && (
    <Typography
      sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
      data-testid="events-empty"
    >
      {filtered ? t('events.emptyFiltered') : t('events.empty')}
    </Typography>
  );

  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
  const table = (
    <TableContainer>
      <Table size="small" aria-label={t('events.title')} data-testid="events-table">
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{t('events.columns.when')}</TableCell>
            <TableCell sx={head}>{t('events.columns.who')}</TableCell>
            <TableCell sx={head}>{t('events.columns.entity')}</TableCell>
            <TableCell sx={head}>{t('events.columns.action')}</TableCell>
            <TableCell sx={head}>{t('events.columns.change')}</TableCell>
            <TableCell sx={head}>{t('events.columns.note')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(events.isPending || (events.isSuccess && rows.length === 0)) && (
            <TableRow>
              <TableCell colSpan={6} sx={{ p: 0 }}>
                {loading}
                {empty}
              </TableCell>
            </TableRow>
          )}
          {rows.map((event) => {
            const text = texts(event);
            return (
              <TableRow key={event.id} data-testid="event-row" sx={{ verticalAlign: 'top' }}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{text.when}</TableCell>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {text.who}
                  </Typography>
                  {text.email && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {text.email}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Typography variant="body2">{text.entity}</Typography>
                  {text.company && (
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {text.company}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{text.action}</TableCell>
                <TableCell sx={{ minWidth: 180, maxWidth: 360 }}>
                  <EventChange lines={text.lines} />
                </TableCell>
                <TableCell sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>
                  {event.note ?? '—'}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="events-cards">
      {loading}
      {empty}
      {rows.map((event) => {
        const text = texts(event);
        return (
          <Card key={event.id} variant="outlined" sx={{ p: 1.5 }} data-testid="event-row">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {text.entity}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 500 }}>
                {text.action}
              </Typography>
            </Stack>
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {[text.when, text.company].filter(Boolean).join(' · ')}
            </Typography>
            <Box sx={{ my: 1 }}>
              <EventChange lines={text.lines} />
            </Box>
            {event.note && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {event.note}
              </Typography>
            )}
            <Typography
              variant="caption"
              component="div"
              sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
            >
              {text.email ? `${text.who} · ${text.email}` : text.who}
            </Typography>
          </Card>
        );
      })}
    </Stack>
  );

  return (
    <Stack spacing={3} data-testid="events-page">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
        {t('events.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          // Phones: search and company take a row each, the rest go two by two.
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(3, minmax(0, 1fr))',
          },
          '& > .wide-on-phone': { gridColumn: { xs: 'span 2', sm: 'auto' } },
        }}
      >
        <TextField
          type="search"
          className="wide-on-phone"
          size={phone ? 'small' : 'medium'}
          label={t('events.searchLabel')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'events-search' },
          }}
        />
        <TextField
          select
          size={phone ? 'small' : 'medium'}
          label={t('events.filters.entityType')}
          value={params.entityType}
          onChange={(event) => change({ entityType: event.target.value })}
          data-testid="filter-entity-type"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('events.filters.allEntityTypes')}</MenuItem>
          {EVENT_ENTITY_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {t(`events.entityTypes.${type}`)}
            </MenuItem>
          ))}
          {params.entityType !== '' && !isKnownEntityType(params.entityType) && (
            <MenuItem value={params.entityType}>{params.entityType}</MenuItem>
          )}
        </TextField>
        <TextField
          size={phone ? 'small' : 'medium'}
          label={t('events.filters.action')}
          value={actionText}
          onChange={(event) => setActionText(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'filter-action' } }}
        />
        <TextField
          select
          className="wide-on-phone"
          size={phone ? 'small' : 'medium'}
          label={t('events.filters.company')}
          value={params.companyId ?? ''}
          onChange={(event) =>
            change({ companyId: event.target.value === '' ? null : Number(event.target.value) })
          }
          data-testid="filter-company"
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
        >
          <MenuItem value="">{t('events.filters.allCompanies')}</MenuItem>
          {(companies.data ?? []).map((company) => (
            <MenuItem key={company.id} value={company.id}>
              {company.name}
            </MenuItem>
          ))}
          {params.companyId !== null &&
            !(companies.data ?? []).some((company) => company.id === params.companyId) && (
              <MenuItem value={params.companyId}>#{params.companyId}</MenuItem>
            )}
        </TextField>
        <DateInput
          size={phone ? 'small' : 'medium'}
          label={t('events.filters.from')}
          value={params.from}
          onChange={(from) => from !== NOT_A_DATE && change({ from })}
          max={params.to || undefined}
          data-testid="filter-from"
        />
        <DateInput
          size={phone ? 'small' : 'medium'}
          label={t('events.filters.to')}
          value={params.to}
          onChange={(to) => to !== NOT_A_DATE && change({ to })}
          min={params.from || undefined}
          data-testid="filter-to"
        />
      </Box>
      {filtered && (
        <Box>
          <Button
            size="small"
            startIcon={<FilterAltOffRounded />}
            onClick={clearFilters}
            data-testid="events-clear-filters"
          >
            {t('events.filters.clear')}
          </Button>
        </Box>
      )}
      <ListPanel query={events} loadError={t('events.loadError')} retryLabel={t('events.retry')}>
        {phone ? cards : table}
        <ListPagination
          total={total}
          page={params.page}
          limit={params.limit}
          sizes={EVENT_PAGE_SIZES}
          label={t('events.rowsPerPage')}
          onChange={change}
        />
      </ListPanel>
    </Stack>
  );
}
