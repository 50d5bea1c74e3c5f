// /micrometers/config?mac=.. (spec section 2, system roles): find a micrometer by MAC, see the
// configuration it runs on (its own, or the fleet's defaults), change the parameters — each
// checked against its range — and save; the server queues the change as a downlink, which the
// page then lists with its status.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageHeader } from '@/components/page-header';
import { useAddressSearch } from '@/lib/address-search';
import { isApiError } from '@/lib/api-error';
import { useConfigureMicrometer } from '../api/configure-micrometer';
import { useConfigDefaults } from '../api/get-config-defaults';
import { useMicrometerByMac } from '../api/get-micrometer-by-mac';
import type { Micrometer } from '../api/get-micrometers';
import { ConfigParamsFields } from '../components/config-params-fields';
import { DownlinkTable } from '../components/downlink-table';
import { MacFinder } from '../components/mac-finder';
import { MicrometerSummary } from '../components/micrometer-summary';
import { type ConfigProblem, checkConfig, configDraft } from '../utils/config-params';
import { dialogMacFrom } from '../utils/list-params';
import { useMicrometerErrorText } from '../utils/micrometer-messages';

export function MicrometerConfigPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useAddressSearch();
  const mac = dialogMacFrom(searchParams);
  const micrometer = useMicrometerByMac(mac);
  const errorText = useMicrometerErrorText();

  return (
    <Stack spacing={2.5} data-testid="micrometer-config-page">
      <PageHeader
        title={t('micrometers.pages.config.title')}
        intro={t('micrometers.pages.config.intro')}
      />
      <MacFinder
        key={mac ?? ''}
        initial={mac ?? searchParams.get('mac') ?? ''}
        busy={micrometer.isFetching}
        onFind={(found) => setSearchParams({ mac: found }, { replace: true })}
      />
      {mac !== null &&
        (micrometer.isError ? (
          <Alert severity={isApiError(micrometer.error, 404) ? 'warning' : 'error'} role="alert">
            {errorText(micrometer.error)}
          </Alert>
        ) : micrometer.data === undefined ? (
          <Skeleton variant="rounded" height={260} />
        ) : (
          <>
            <MicrometerSummary micrometer={micrometer.data} />
            <ConfigEditor key={micrometer.data.id} micrometer={micrometer.data} />
            <Stack spacing={1}>
              <Typography variant="h6" component="h2">
                {t('micrometers.config.downlinks')}
              </Typography>
              <DownlinkTable
                params={{ page: 1, limit: 5, status: null, mac: micrometer.data.mac_address }}
                label={t('micrometers.config.downlinks')}
                emptyText={t('micrometers.config.noDownlinks')}
              />
            </Stack>
          </>
        ))}
    </Stack>
  );
}

type ConfigEditorProps = { micrometer: Micrometer };

function ConfigEditor({ micrometer }: ConfigEditorProps) {
  const { t } = useTranslation();
  const defaults = useConfigDefaults();
  const errorText = useMicrometerErrorText();
  if (defaults.isPending) return <Skeleton variant="rounded" height={260} />;
  // Without the fleet's defaults (a failed read), the catalogue's own defaults stand in.
  const values = new Map((defaults.data ?? []).map((row) => [row.id, row.value]));
  return (
    <>
      {defaults.isError && (
        <Alert severity="warning">
          {t('micrometers.config.defaultsFailed')} {errorText(defaults.error)}
        </Alert>
      )}
      <ConfigForm micrometer={micrometer} defaults={values} />
    </>
  );
}

type ConfigFormProps = { micrometer: Micrometer; defaults: ReadonlyMap<number, number> };

function ConfigForm({ micrometer, defaults }: ConfigFormProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const configure = useConfigureMicrometer();
  const [draft, setDraft] = useState(() => configDraft(micrometer.config, defaults));
  const [problems, setProblems] = useState<ReadonlyMap<number, ConfigProblem>>(new Map());

  const save = () => {
    const checked = checkConfig(draft);
    setProblems(checked.problems);
    if (checked.params === null) return;
    configure.mutate(
      { id: micrometer.id, params: checked.params },
      {
        onSuccess: () =>
          showMessage(t('micrometers.config.saved', { mac: micrometer.mac_address })),
      },
    );
  };

  return (
    <Paper
      component="form"
      noValidate
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 720 }}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      data-testid="config-form"
    >
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2">
            {t('micrometers.config.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="config-source">
            {micrometer.config === null
              ? t('micrometers.config.fromDefaults')
              : t('micrometers.config.fromOwn')}
          </Typography>
        </div>
        <ConfigParamsFields
          draft={draft}
          onChange={(next) => {
            setDraft(next);
            setProblems(new Map());
          }}
          problems={problems}
          disabled={configure.isPending}
        />
        {configure.isError && (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {errorText(configure.error)}
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="contained"
            loading={configure.isPending}
            data-testid="config-save"
          >
            {t('micrometers.config.save')}
          </Button>
          <Button
            onClick={() => {
              setDraft(configDraft(micrometer.config, defaults));
              setProblems(new Map());
            }}
          >
            {t('micrometers.config.reset')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
