// The event log's columns for the list kit: when, who, what (entity and company), action, the
// change and the note. The log is newest first and does not sort by column. On phone cards the
// entity is the title with the action beside it; when, the change and the note follow, then who.
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '@/components/data-table/list-column';
import { displayDate } from '@/lib/display-date';
import type { EventRecord } from '../api/get-events';
import { useEventPresenter } from '../utils/event-change';
import { isKnownEntityType } from '../utils/event-list-params';
import { EventChange } from './event-change';

type EventTexts = ReturnType<ReturnType<typeof useEventTexts>>;

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

/** A line with a caption under it when there is one. */
function WithCaption({
  main,
  caption,
  bold,
}: {
  main: string;
  caption: string | null;
  bold?: boolean;
}) {
  return (
    <>
      <Typography variant="body2" sx={bold === true ? { fontWeight: 500 } : undefined}>
        {main}
      </Typography>
      {caption && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {caption}
        </Typography>
      )}
    </>
  );
}

export function useEventColumns(): ListColumn<EventRecord>[] {
  const { t } = useTranslation();
  const textsOf = useEventTexts();
  const text = (render: (texts: EventTexts) => string | null) => (event: EventRecord) =>
    render(textsOf(event));
  return [
    {
      id: 'when',
      header: t('events.columns.when'),
      cell: ({ row }) => textsOf(row.original).when,
      meta: {
        cellSx: { whiteSpace: 'nowrap' },
        card: 'subtitle',
        cardCell: text((texts) => [texts.when, texts.company].filter(Boolean).join(' · ')),
      },
    },
    {
      id: 'who',
      header: t('events.columns.who'),
      cell: ({ row }) => {
        const texts = textsOf(row.original);
        return <WithCaption main={texts.who} caption={texts.email} bold />;
      },
      meta: {
        cardCell: text((texts) => (texts.email ? `${texts.who} · ${texts.email}` : texts.who)),
      },
    },
    {
      id: 'entity',
      header: t('events.columns.entity'),
      cell: ({ row }) => {
        const texts = textsOf(row.original);
        return <WithCaption main={texts.entity} caption={texts.company} />;
      },
      meta: { card: 'title', cardCell: text((texts) => texts.entity) },
    },
    {
      id: 'action',
      header: t('events.columns.action'),
      cell: ({ row }) => textsOf(row.original).action,
      meta: { cellSx: { whiteSpace: 'nowrap' }, card: 'badge' },
    },
    {
      id: 'change',
      header: t('events.columns.change'),
      cell: ({ row }) => <EventChange lines={textsOf(row.original).lines} />,
      meta: { cellSx: { minWidth: 180, maxWidth: 360 }, card: 'subtitle' },
    },
    {
      id: 'note',
      header: t('events.columns.note'),
      cell: ({ row }) => row.original.note ?? '—',
      meta: {
        cellSx: { maxWidth: 280, overflowWrap: 'anywhere' },
        card: 'subtitle',
        cardCell: (event) => event.note,
      },
    },
  ];
}
