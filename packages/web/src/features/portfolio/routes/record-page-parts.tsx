// What the four record pages share: the record the address names (and where "back" leads), the
// outlet's record, an overview with its edit, move and delete buttons, and the tab listing a
// record's children with its "New …".

import { placePath } from '@flowsight/domain/paths';
import {
  levelIdField,
  levelIdKey,
  levelsAbove,
  type PortfolioLevel,
} from '@flowsight/domain/portfolio';
import DriveFileMoveRounded from '@mui/icons-material/DriveFileMoveRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { type PlaceIds, usePlaceIds } from '@/lib/place-route';
import { useSignedInSession } from '@/lib/session';
import type { ListProps } from '../components/portfolio-lists';
import { DeleteRecordButton, RefusalAlert } from '../components/record-overview';
import { mayDo, type PortfolioAction, recordActions } from '../utils/access';

/** The ids a record carries of the places above it. */
type Placed = { id: number; company_id?: number; property_id?: number; building_id?: number };
type RecordRead<T> = {
  isPending: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/** The parent's tab that lists the records of each level below a company. */
const listTab = {
  property: 'properties',
  building: 'buildings',
  unit: 'units',
} as const satisfies Record<Exclude<PortfolioLevel, 'company'>, string>;

/**
 * The list a record of `level` sits in: its parent's tab of children ("/companies/5/properties"),
 * or the companies' list for a company or when an id above is missing.
 */
export function levelListPath(
  level: PortfolioLevel,
  ids: Omit<PlaceIds, 'unitId'> & { unitId?: number | null },
): string {
  const above = levelsAbove(level);
  const parent = above.at(-1);
  const { companyId, propertyId, buildingId } = ids;
  if (
    level === 'company' ||
    parent === undefined ||
    above.some((place) => ids[levelIdKey[place]] == null)
  ) {
    return '/companies';
  }
  return `${placePath(parent, { companyId: companyId ?? 0, propertyId, buildingId })}/${listTab[level]}`;
}

/**
 * The record of `level` the address names, read by `useRead`; null (not found) when the address
 * holds no id, or when the record sits elsewhere than the address says (a building shown under
 * another property is not found there).
 */
export function useAddressedRecord<T extends Placed>(
  level: PortfolioLevel,
  useRead: (id: number) => RecordRead<T>,
) {
  const ids = usePlaceIds();
  const id = ids[levelIdKey[level]];
  const read = useRead(id ?? 0);
  const data = read.data;
  const misplaced =
    data !== undefined &&
    levelsAbove(level).some(
      (place) => place !== 'unit' && data[levelIdField[place]] !== ids[levelIdKey[place]],
    );
  return { record: id === null || misplaced ? null : read, backTo: levelListPath(level, ids) };
}

/** The record the page's layout read, for its tabs. */
export function useRecord<T>(): T {
  return useOutletContext<T>();
}

export type OverviewLayoutProps = { actions: ReactNode; notice?: ReactNode; children: ReactNode };

export function OverviewLayout({ actions, notice, children }: OverviewLayoutProps) {
  return (
    <Stack spacing={2} data-testid="overview-tab">
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {actions}
      </Stack>
      {notice}
      <Stack
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {children}
      </Stack>
    </Stack>
  );
}

export type RecordOverviewProps = {
  level: PortfolioLevel;
  record: Placed;
  /** The record's name in the delete confirmation and refusal ("Unit 403"). */
  name: string;
  /** The edit form, and the move form for the levels that move. */
  edit: (close: () => void) => ReactNode;
  move?: (close: () => void) => ReactNode;
  /** The overview's cards. */
  children: ReactNode;
};

/** A record's overview tab: its cards, and edit, move and delete for the roles that may. */
export function RecordOverview({ level, record, name, edit, move, children }: RecordOverviewProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const actions = recordActions[level];
  const [dialog, setDialog] = useState<'edit' | 'move' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => setDialog(null);
  const afterDelete = levelListPath(level, {
    companyId: record.company_id ?? record.id,
    propertyId: record.property_id ?? null,
    buildingId: record.building_id ?? null,
  });

  return (
    <OverviewLayout
      actions={
        <>
          {mayDo(activeRole, actions.edit) && (
            <Button
              variant="contained"
              startIcon={<EditRounded />}
              onClick={() => setDialog('edit')}
              data-testid="edit-record"
            >
              {t('portfolio.actions.edit')}
            </Button>
          )}
          {move !== undefined && actions.move !== undefined && mayDo(activeRole, actions.move) && (
            <Button
              variant="outlined"
              startIcon={<DriveFileMoveRounded />}
              onClick={() => setDialog('move')}
              data-testid="move-record"
            >
              {t('portfolio.actions.move')}
            </Button>
          )}
          {mayDo(activeRole, actions.delete) && (
            <DeleteRecordButton
              level={level}
              id={record.id}
              name={name}
              afterPath={afterDelete}
              onRefused={setRefusal}
            />
          )}
        </>
      }
      notice={<RefusalAlert name={name} message={refusal} onClose={() => setRefusal(null)} />}
    >
      {children}
      {dialog === 'edit' && edit(close)}
      {dialog === 'move' && move?.(close)}
    </OverviewLayout>
  );
}

/** What a children tab shows: the list of the children, and the form that creates one. */
export type ChildrenTabProps = {
  /** The action that may create a child, and the new button's label. */
  create: { action: PortfolioAction; label: string };
  /** The children's list, given its new button (absent for a role that may not create). */
  list: (props: ListProps) => ReactNode;
  /** The create form; `opened(path)` goes to the new child's page. */
  form: (closed: () => void, opened: (path: string) => void) => ReactNode;
};

/** A record's tab of its children (a company's properties, …), with "New …" for who may create. */
export function ChildrenTab({ create, list, form }: ChildrenTabProps) {
  const navigate = useNavigate();
  const { activeRole } = useSignedInSession();
  const [creating, setCreating] = useState(false);
  const newButton = mayDo(activeRole, create.action)
    ? { label: create.label, onClick: () => setCreating(true) }
    : undefined;
  return (
    <>
      {list({ newButton })}
      {creating &&
        form(
          () => setCreating(false),
          (path) => void navigate(path),
        )}
    </>
  );
}
