// /installation (the company installer's only page, phone first): the buildings assigned to them
// first (one tap goes straight to the unit), else property → building → unit → fixture, then scan
// or type the micrometer's MAC, confirm, and watch for its first signal.
// Each choice lives in the address (see utils/installation-steps), so Back steps back one choice;
// the chosen property and building are kept for the next micrometer.
import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MacEntryForm, type MacEntryLabels } from '@/components/mac-entry-form';
import { PageHeader } from '@/components/page-header';
import { useAddressSearch } from '@/lib/address-search';
import { errorMessages } from '@/lib/api-error';
import { useSignedInSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useAssignMicrometer } from '../api/assign-micrometer';
import { useBuildingUnits } from '../api/get-building-units';
import { useCompanyProperties } from '../api/get-company-properties';
import { useMyInstallations } from '../api/get-my-installations';
import { usePlaceName } from '../api/get-place-names';
import { usePropertyBuildings } from '../api/get-property-buildings';
import { useUnitMicrometers } from '../api/get-unit-micrometers';
import { AssignedBuildings } from '../components/assigned-buildings';
import { FirstSignal } from '../components/first-signal';
import { FixtureGrid } from '../components/fixture-grid';
import { InstallConfirm } from '../components/install-confirm';
import { type PickItem, PickList } from '../components/pick-list';
import {
  choiceFrom,
  type InstallationChoice,
  installationSteps,
  paramsOf,
  previousChoice,
  rememberedPlace,
  rememberPlace,
  stepOf,
} from '../utils/installation-steps';

const SEARCH_DELAY_MS = 400;

type Place = { id: number; name: string };

function useMacEntryLabels(): MacEntryLabels {
  const { t } = useTranslation();
  return {
    field: t('installation.mac.label'),
    placeholder: t('installation.mac.placeholder'),
    invalid: t('installation.mac.invalid'),
    submit: t('installation.mac.submit'),
    scan: t('installation.mac.scan'),
    scanner: {
      title: t('installation.scanner.title'),
      hint: t('installation.scanner.hint'),
      cameraFailed: t('installation.scanner.cameraFailed'),
      notAMac: (raw) => t('installation.scanner.notAMac', { raw }),
      cancel: t('installation.scanner.cancel'),
    },
  };
}

type PlaceStepProps<Row extends Place> = {
  list: {
    data: { data: Row[]; meta: { totalItems: number } } | undefined;
    isFetching: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  detail: (row: Row) => string | undefined;
  search: string;
  onSearch: (value: string) => void;
  searchLabel: string;
  empty: string;
  onPick: (item: PickItem) => void;
  testId: string;
};

function PlaceStep<Row extends Place>({
  list,
  detail,
  search,
  onSearch,
  searchLabel,
  empty,
  onPick,
  testId,
}: PlaceStepProps<Row>) {
  return (
    <PickList
      search={search}
      onSearch={onSearch}
      searchLabel={searchLabel}
      items={list.data?.data.map((row) => ({ id: row.id, name: row.name, detail: detail(row) }))}
      total={list.data?.meta.totalItems ?? 0}
      loading={list.isFetching}
      error={list.isError ? errorMessages(list.error).join(' ') : null}
      empty={empty}
      onRetry={() => void list.refetch()}
      onPick={onPick}
      testId={testId}
    />
  );
}

export function InstallationPage() {
  const { t } = useTranslation();
  const { user, activeRole } = useSignedInSession();
  const companyId = activeRole.company_id;
  const [params, setParams] = useAddressSearch();
  const choice = useMemo(() => choiceFrom(params), [params]);
  const step = stepOf(choice);
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [typedMac, setTypedMac] = useState('');
  const [refusal, setRefusal] = useState<readonly string[] | null>(null);
  const assign = useAssignMicrometer();
  const macLabels = useMacEntryLabels();

  const go = (next: Partial<InstallationChoice>, replace = false) => {
    setSearch('');
    setRefusal(null);
    setParams(paramsOf(next), { replace });
  };

  // Opened afresh: start where the last micrometer went (same property and building).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page opens
  useEffect(() => {
    if (choice.property !== null) return;
    const remembered = rememberedPlace(user.id);
    if (remembered) go({ property: remembered.property, building: remembered.building }, true);
  }, []);
  useEffect(() => {
    if (choice.property !== null && choice.building !== null) {
      rememberPlace({ userId: user.id, property: choice.property, building: choice.building });
    }
  }, [choice.property, choice.building, user.id]);

  const assigned = useMyInstallations(step === 'property');
  const properties = useCompanyProperties(companyId, step === 'property' ? searched : '');
  const buildings = usePropertyBuildings(choice.property, step === 'building' ? searched : '');
  const units = useBuildingUnits(choice.building, step === 'unit' ? searched : '');
  const unitMicrometers = useUnitMicrometers(choice.unit);
  const propertyName = usePlaceName('property', choice.property);
  const buildingName = usePlaceName('building', choice.building);
  const unitName = usePlaceName('unit', choice.unit);
  const fixtureName =
    choice.fixture === null
      ? null
      : t(`installation.fixtures.${choice.fixture}` as 'installation.fixtures.1');
  const taken = useMemo(
    () =>
      new Map(
        (unitMicrometers.data?.data ?? [])
          .filter((m) => m.appliance_type_id !== null)
          .map((m) => [m.appliance_type_id ?? 0, m.mac_address]),
      ),
    [unitMicrometers.data],
  );

  if (companyId === null) {
    return <Alert severity="error">{t('installation.noCompany')}</Alert>;
  }

  const install = (mac: string) => {
    if (
      choice.property === null ||
      choice.building === null ||
      choice.unit === null ||
      choice.fixture === null
    ) {
      return;
    }
    setRefusal(null);
    assign.mutate(
      {
        mac,
        company_id: companyId,
        property_id: choice.property,
        building_id: choice.building,
        unit_id: choice.unit,
        appliance_type_id: choice.fixture,
      },
      {
        onSuccess: (micrometer) =>
          go({ ...choice, mac, sensor: micrometer.id, since: micrometer.updated_at }, true),
        onError: (error) => setRefusal(errorMessages(error)),
      },
    );
  };

  const summary: {
    step: (typeof installationSteps)[number];
    label: string;
    value: string | null;
  }[] = [
    { step: 'property', label: t('installation.steps.property'), value: propertyName.data ?? null },
    { step: 'building', label: t('installation.steps.building'), value: buildingName.data ?? null },
    { step: 'unit', label: t('installation.steps.unit'), value: unitName.data ?? null },
    { step: 'fixture', label: t('installation.steps.fixture'), value: fixtureName },
  ];
  const stepIndex = installationSteps.indexOf(step);
  const backTo = (target: (typeof installationSteps)[number]) => {
    const index = installationSteps.indexOf(target);
    go(previousChoice(choice, installationSteps[index + 1] ?? 'property'));
  };

  return (
    <Stack spacing={2} data-testid="installation-page" sx={{ maxWidth: 760, mx: 'auto' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {step !== 'property' && (
          <Button
            startIcon={<ArrowBackRounded />}
            onClick={() => go(previousChoice(choice, step))}
            sx={{ minHeight: 48, ml: -1 }}
            data-testid="installation-back"
          >
            {t('installation.back')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('installation.progress', { step: stepIndex + 1, total: installationSteps.length })}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={((stepIndex + 1) / installationSteps.length) * 100}
        aria-hidden
        sx={{ borderRadius: 2, height: 6 }}
      />
      <PageHeader
        title={t(`installation.titles.${step}`)}
        intro={t(`installation.hints.${step}`)}
      />
      {stepIndex > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="installation-summary">
          {summary
            .filter((part) => installationSteps.indexOf(part.step) < stepIndex)
            .map((part) => (
              <Chip
                key={part.step}
                label={`${part.label}: ${part.value ?? '…'}`}
                onClick={step === 'waiting' ? undefined : () => backTo(part.step)}
                sx={{ maxWidth: '100%' }}
              />
            ))}
        </Stack>
      )}

      {step === 'property' && (
        <AssignedBuildings
          assignments={assigned.data}
          loading={assigned.isFetching}
          error={assigned.isError ? errorMessages(assigned.error).join(' ') : null}
          onRetry={() => void assigned.refetch()}
          onPick={(assignment) =>
            go({ property: assignment.property_id, building: assignment.building_id })
          }
        />
      )}
      {step === 'property' && (
        <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
          {t('installation.assigned.allProperties')}
        </Typography>
      )}
      {step === 'property' && (
        <PlaceStep
          list={properties}
          detail={(row) => row.city_name ?? undefined}
          search={search}
          onSearch={setSearch}
          searchLabel={t('installation.pick.searchProperties')}
          empty={t('installation.pick.noProperties')}
          onPick={(item) => go({ property: item.id })}
          testId="pick-property"
        />
      )}
      {step === 'building' && (
        <PlaceStep
          list={buildings}
          detail={(row) => row.street ?? undefined}
          search={search}
          onSearch={setSearch}
          searchLabel={t('installation.pick.searchBuildings')}
          empty={t('installation.pick.noBuildings')}
          onPick={(item) => go({ property: choice.property, building: item.id })}
          testId="pick-building"
        />
      )}
      {step === 'unit' && (
        <PlaceStep
          list={units}
          detail={(row) => t('installation.pick.unitSensors', { count: row.sensors_count })}
          search={search}
          onSearch={setSearch}
          searchLabel={t('installation.pick.searchUnits')}
          empty={t('installation.pick.noUnits')}
          onPick={(item) =>
            go({ property: choice.property, building: choice.building, unit: item.id })
          }
          testId="pick-unit"
        />
      )}
      {step === 'fixture' && (
        <Paper variant="outlined" sx={{ borderRadius: 3, p: { xs: 1.5, sm: 2 } }}>
          {unitMicrometers.isError && (
            <Alert severity="error" sx={{ mb: 1.5 }}>
              {errorMessages(unitMicrometers.error).join(' ')}
            </Alert>
          )}
          {unitMicrometers.isPending && <LinearProgress aria-label={t('common.loading')} />}
          <FixtureGrid taken={taken} onPick={(fixture) => go({ ...choice, fixture, mac: null })} />
        </Paper>
      )}
      {step === 'scan' && (
        <Paper variant="outlined" sx={{ borderRadius: 3, p: 2 }}>
          <MacEntryForm
            value={typedMac}
            onChange={setTypedMac}
            onSubmit={(mac) => {
              setTypedMac('');
              go({ ...choice, mac });
            }}
            labels={macLabels}
            autoFocus
          />
        </Paper>
      )}
      {step === 'confirm' && choice.mac !== null && (
        <InstallConfirm
          mac={choice.mac}
          place={summary.map((part) => ({ label: part.label, value: part.value ?? '…' }))}
          busy={assign.isPending}
          refusal={refusal}
          onInstall={install}
          onRescan={() => go(previousChoice(choice, 'confirm'))}
        />
      )}
      {step === 'waiting' && choice.sensor !== null && choice.since !== null && (
        <FirstSignal
          sensorId={choice.sensor}
          since={choice.since}
          onNextInUnit={() =>
            go({ property: choice.property, building: choice.building, unit: choice.unit })
          }
          onNextUnit={() => go({ property: choice.property, building: choice.building })}
        />
      )}
    </Stack>
  );
}
