// What the four record pages share: the id from the address, the outlet's record, the action
// row of an overview and its layout.

import { recordId } from '@flowsight/domain/paths';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useOutletContext, useParams } from 'react-router';

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
