// What the four record pages share: the id from the address, the outlet's record, the action
// row of an overview and its layout, and the tab listing a record's children with its "New …".

import { recordId } from '@flowsight/domain/paths';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import { useSignedInSession } from '@/lib/session';
import type { ListProps } from '../components/portfolio-lists';
import { mayDo, type PortfolioAction } from '../utils/access';

/** The ids of the portfolio levels in the address; null where absent or not an id. */
export function useRecordIds() {
  const params = useParams();
  return {
    companyId: recordId(params.companyId),
    propertyId: recordId(params.propertyId),
    buildingId: recordId(params.buildingId),
    unitId: recordId(params.unitId),
  };
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
  const newButton = mayDo(activeRole.user_role_type_id, create.action)
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
