// /micrometers/downlink (spec section 2, system roles): queue configuration downlinks for one
// micrometer (by MAC) or for every micrometer of a building (company → property → building),
// sending only the ticked parameters; below, every downlink with its status (queued, sent,
// failed), filtered by status and paged in the address.
import { normalizeMac } from '@flowsight/domain/mac';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageHeader } from '@/components/page-header';
import { useAddressSearch } from '@/lib/address-search';
import { pagingFrom, setParam, writePaging } from '@/lib/list-params';
import { useConfigDefaults } from '../api/get-config-defaults';
import { DOWNLINK_STATUSES, type DownlinkListParams } from '../api/get-downlinks';
import { useQueueBuildingDownlink } from '../api/queue-building-downlink';
import { useQueueMicrometerDownlink } from '../api/queue-micrometer-downlink';
import { ConfigParamsFields } from '../components/config-params-fields';
import { DOWNLINK_PAGE_SIZES, DownlinkTable } from '../components/downlink-table';
import { NO_PLACE, type PlaceChoice, PlacePickers } from '../components/place-pickers';
import {
  type ConfigProblem,
  checkConfig,
  configDraft,
  configParamRows,
} from '../utils/config-params';
import { useMicrometerErrorText } from '../utils/micrometer-messages';

export function downlinkParamsFrom(search: URLSearchParams): DownlinkListParams {
  const status = search.get('status');
  return {
    ...pagingFrom(search, DOWNLINK_PAGE_SIZES),
    status: DOWNLINK_STATUSES.find((candidate) => candidate === status) ?? null,
    mac: normalizeMac(search.get('mac') ?? ''),
  };
}

function searchFromDownlinkParams(params: DownlinkListParams): URLSearchParams {
  const search = writePaging(new URLSearchParams(), params, DOWNLINK_PAGE_SIZES);
  setParam(search, 'status', params.status);
  return setParam(search, 'mac', params.mac);
}

export function MicrometerDownlinkPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useAddressSearch();
  const params = downlinkParamsFrom(searchParams);
  const change = (next: Partial<DownlinkListParams>) =>
    setSearchParams(searchFromDownlinkParams({ ...params, page: 1, ...next }), { replace: true });

  return (
    <Stack spacing={2.5} data-testid="micrometer-downlink-page">
      <PageHeader
        title={t('micrometers.pages.downlink.title')}
        intro={t('micrometers.pages.downlink.intro')}
      />
      <DownlinkForm initialMac={params.mac ?? ''} />
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography variant="h6" component="h2">
            {t('micrometers.downlink.listTitle')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('micrometers.downlink.status')}
            value={params.status ?? ''}
            onChange={(event) =>
              change({
                status: DOWNLINK_STATUSES.find((status) => status === event.target.value) ?? null,
              })
            }
            sx={{ minWidth: 200 }}
            data-testid="filter-downlink-status"
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('micrometers.filters.all')}</MenuItem>
            {DOWNLINK_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(`micrometers.downlink.statuses.${status}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {params.mac !== null && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" onClick={() => change({ mac: null })}>
                {t('micrometers.downlink.showAll')}
              </Button>
            }
          >
            {t('micrometers.downlink.onlyMac', { mac: params.mac })}
          </Alert>
        )}
        <DownlinkTable
          params={params}
          onPage={(next) =>
            setSearchParams(
              searchFromDownlinkParams({
                ...params,
                ...next,
                ...(next.limit === undefined ? {} : { page: 1 }),
              }),
              { replace: true },
            )
          }
          label={t('micrometers.downlink.listTitle')}
          emptyText={t('micrometers.downlink.empty')}
        />
      </Stack>
    </Stack>
  );
}

type Target = 'micrometer' | 'building';

type DownlinkFormProps = { initialMac: string };

function DownlinkForm({ initialMac }: DownlinkFormProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const defaults = useConfigDefaults();
  const single = useQueueMicrometerDownlink();
  const building = useQueueBuildingDownlink();
  const [target, setTarget] = useState<Target>('micrometer');
  const [macText, setMacText] = useState(initialMac);
  const [macProblem, setMacProblem] = useState(false);
  const [place, setPlace] = useState<PlaceChoice>(NO_PLACE);
  const [placeProblem, setPlaceProblem] = useState(false);
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const [chosen, setChosen] = useState<number[]>(configParamRows.map((param) => param.id));
  const [problems, setProblems] = useState<ReadonlyMap<number, ConfigProblem>>(new Map());
  const [noneChosen, setNoneChosen] = useState(false);
  const busy = single.isPending || building.isPending;
  const failure = target === 'micrometer' ? single.error : building.error;

  // The fields start from the fleet's defaults once they are known.
  const values =
    draft ?? configDraft(null, new Map((defaults.data ?? []).map((row) => [row.id, row.value])));

  const submit = () => {
    const checked = checkConfig(values, chosen);
    setProblems(checked.problems);
    setNoneChosen(chosen.length === 0);
    const mac = normalizeMac(macText);
    setMacProblem(target === 'micrometer' && mac === null);
    setPlaceProblem(target === 'building' && place.buildingId === null);
    if (checked.params === null || chosen.length === 0) return;
    if (target === 'micrometer' && mac !== null) {
      single.mutate(
        { mac, params: checked.params },
        {
          onSuccess: (queued) =>
            showMessage(t('micrometers.downlink.queuedOne', { mac: queued.mac_address })),
        },
      );
    }
    if (target === 'building' && place.buildingId !== null) {
      building.mutate(
        { buildingId: place.buildingId, params: checked.params },
        {
          onSuccess: ({ queued }) =>
            showMessage(t('micrometers.downlink.queuedBuilding', { count: queued })),
        },
      );
    }
  };

  return (
    <Paper
      component="form"
      noValidate
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 760 }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="downlink-form"
    >
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {t('micrometers.downlink.formTitle')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          color="primary"
          value={target}
          onChange={(_event, next: Target | null) => next !== null && setTarget(next)}
          aria-label={t('micrometers.downlink.target')}
          size="small"
        >
          <ToggleButton value="micrometer" data-testid="target-micrometer">
            {t('micrometers.downlink.oneMicrometer')}
          </ToggleButton>
          <ToggleButton value="building" data-testid="target-building">
            {t('micrometers.downlink.wholeBuilding')}
          </ToggleButton>
        </ToggleButtonGroup>
        {target === 'micrometer' ? (
          <TextField
            label={t('micrometers.finder.label')}
            placeholder={t('micrometers.finder.placeholder')}
            value={macText}
            onChange={(event) => {
              setMacText(event.target.value);
              setMacProblem(false);
            }}
            error={macProblem}
            helperText={macProblem ? t('micrometers.finder.invalid') : undefined}
            sx={{ maxWidth: 420 }}
            slotProps={{
              htmlInput: {
                spellCheck: false,
                'data-testid': 'downlink-mac',
                style: { fontFamily: 'monospace' },
              },
            }}
          />
        ) : (
          <Stack spacing={1}>
            <PlacePickers
              value={place}
              onChange={(next) => {
                setPlace(next);
                setPlaceProblem(false);
              }}
              down="building"
              idPrefix="downlink-"
            />
            {placeProblem && (
              <Typography variant="body2" sx={{ color: 'error.main' }} role="alert">
                {t('micrometers.downlink.chooseBuilding')}
              </Typography>
            )}
          </Stack>
        )}
        <ConfigParamsFields
          draft={values}
          onChange={(next) => {
            setDraft(next);
            setProblems(new Map());
          }}
          problems={problems}
          chosen={chosen}
          onChoose={(next) => {
            setChosen(next);
            setNoneChosen(false);
          }}
          disabled={busy}
        />
        {noneChosen && (
          <Typography variant="body2" sx={{ color: 'error.main' }} role="alert">
            {t('micrometers.downlink.chooseParam')}
          </Typography>
        )}
        {failure !== null && (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {errorText(failure)}
          </Alert>
        )}
        <div>
          <Button type="submit" variant="contained" loading={busy} data-testid="downlink-queue">
            {t('micrometers.downlink.queue')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
