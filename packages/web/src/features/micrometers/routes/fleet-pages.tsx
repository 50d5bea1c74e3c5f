// The provider's micrometer lists (spec section 2, system roles): /micrometers/assigned (opens
// with the default filter: internal units, installed and — not on phones — transmitting),
// /micrometers/unassigned (stock) and /micrometers/excluded (left out of alerts, each with
// "Include again", and a form excluding one by its MAC). Each honours `?mac=`: the search is
// filled with it and its dialog opens.
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageHeader } from '@/components/page-header';
import type { Micrometer } from '../api/get-micrometers';
import { useSetMicrometerExcluded } from '../api/set-micrometer-excluded';
import { ExcludeByMacForm } from '../components/exclude-by-mac-form';
import { healthColumns } from '../components/micrometer-columns';
import { MicrometerTable } from '../components/micrometer-table';
import { defaultFilters } from '../utils/list-params';
import { useMicrometerErrorText } from '../utils/micrometer-messages';

type FleetPageProps = { name: 'assigned' | 'unassigned' | 'excluded'; children: ReactNode };

function FleetPage({ name, children }: FleetPageProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid={`micrometers-${name}-page`}>
      <PageHeader
        title={t(`micrometers.pages.${name}.title`)}
        intro={t(`micrometers.pages.${name}.intro`)}
      />
      {children}
    </Stack>
  );
}

export function AssignedMicrometersPage() {
  const { t } = useTranslation();
  return (
    <FleetPage name="assigned">
      <MicrometerTable
        source={{ fleet: 'assigned' }}
        label={t('micrometers.pages.assigned.title')}
        emptyText={t('micrometers.pages.assigned.empty')}
        columns={['mac', 'fixture', 'unit', 'building', 'company', ...healthColumns]}
        filters={['state', 'status', 'fixture', 'category', 'company']}
        defaultFilters={defaultFilters}
      />
    </FleetPage>
  );
}

export function UnassignedMicrometersPage() {
  const { t } = useTranslation();
  return (
    <FleetPage name="unassigned">
      <MicrometerTable
        source={{ fleet: 'unassigned' }}
        label={t('micrometers.pages.unassigned.title')}
        emptyText={t('micrometers.pages.unassigned.empty')}
        columns={[
          'mac',
          'state',
          'status',
          'battery',
          'firmware',
          'production',
          'office',
          'keepalive',
        ]}
        filters={['state', 'status']}
      />
    </FleetPage>
  );
}

type IncludeButtonProps = { row: Micrometer };

function IncludeButton({ row }: IncludeButtonProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const exclusion = useSetMicrometerExcluded();
  return (
    <Button
      size="small"
      variant="outlined"
      loading={exclusion.isPending}
      data-testid="include-again"
      onClick={() =>
        exclusion.mutate(
          { id: row.id, excluded: false },
          {
            onSuccess: () =>
              showMessage(t('micrometers.excluded.includedDone', { mac: row.mac_address })),
            onError: (error) => showMessage(errorText(error), 'error'),
          },
        )
      }
    >
      {t('micrometers.excluded.include')}
    </Button>
  );
}

const EXCLUDED = { 'filter.notification_excluded': '$eq:true' } as const;

export function ExcludedMicrometersPage() {
  const { t } = useTranslation();
  return (
    <FleetPage name="excluded">
      <ExcludeByMacForm />
      <MicrometerTable
        source={{ fleet: 'all' }}
        extra={EXCLUDED}
        label={t('micrometers.pages.excluded.title')}
        emptyText={t('micrometers.pages.excluded.empty')}
        columns={['mac', 'fixture', 'unit', 'building', 'company', 'state', 'status', 'submission']}
        filters={['state', 'status', 'company']}
        rowAction={(row) => <IncludeButton row={row} />}
      />
    </FleetPage>
  );
}
