// /micrometers/assignment (spec section 2; system roles, and company admins whose company allows
// assignment): find a micrometer by MAC (`?mac=..&reload=1` fills it in and reads it afresh), then
// choose company → property → building → unit → fixture (slots that already hold a micrometer are
// shown taken), room and water type, and Assign, Reassign or Unassign; the server's refusals are
// shown as it words them. Below, the office assignment: stock micrometers set aside for a building,
// its pending ones, and cancelling them.
import { ApplianceType } from '@flowsight/domain/lookups';
import { micrometerMessages } from '@flowsight/domain/micrometers';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageHeader } from '@/components/page-header';
import { useAddressSearch } from '@/lib/address-search';
import { type AssignMicrometerInput, useAssignMicrometer } from '../api/assign-micrometer';
import { micrometerByMacQueryOptions, useMicrometerByMac } from '../api/get-micrometer-by-mac';
import { type Micrometer, useMicrometers } from '../api/get-micrometers';
import { MacFinder } from '../components/mac-finder';
import { MicrometerSummary } from '../components/micrometer-summary';
import { OfficeAssignmentPanel } from '../components/office-assignment-panel';
import { type PlaceChoice, PlacePickers } from '../components/place-pickers';
import { dialogMacFrom, MICROMETER_PAGE_SIZES, NO_FILTERS } from '../utils/list-params';
import { useMicrometerLabel, useMicrometerOptions } from '../utils/micrometer-format';
import {
  useMicrometerErrorText,
  useTranslateMicrometerMessage,
} from '../utils/micrometer-messages';

export function MicrometerAssignmentPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useAddressSearch();
  const mac = dialogMacFrom(searchParams);
  const reload = searchParams.get('reload') === '1';
  const micrometer = useMicrometerByMac(mac);
  const errorText = useMicrometerErrorText();

  // `reload=1`: read the micrometer afresh on arrival (it may have changed since a list or the
  // dialog showed it); the address keeps the link as it was given.
  const reloaded = useRef<string | null>(null);
  useEffect(() => {
    if (!reload || mac === null || reloaded.current === mac) return;
    reloaded.current = mac;
    void queryClient.invalidateQueries({ queryKey: micrometerByMacQueryOptions(mac).queryKey });
  }, [reload, mac, queryClient]);

  return (
    <Stack spacing={2.5} data-testid="micrometer-assignment-page">
      <PageHeader
        title={t('micrometers.pages.assignment.title')}
        intro={t('micrometers.pages.assignment.intro')}
      />
      <MacFinder
        key={mac ?? ''}
        initial={mac ?? searchParams.get('mac') ?? ''}
        busy={micrometer.isFetching}
        onFind={(found) => {
          void queryClient.invalidateQueries({
            queryKey: micrometerByMacQueryOptions(found).queryKey,
          });
          setSearchParams({ mac: found }, { replace: true });
        }}
      />
      {mac !== null &&
        (micrometer.isError ? (
          <Alert severity="warning" role="alert" data-testid="assignment-lookup-error">
            {errorText(micrometer.error)}
          </Alert>
        ) : micrometer.data === undefined ? (
          <Skeleton variant="rounded" height={320} />
        ) : (
          <>
            <MicrometerSummary micrometer={micrometer.data} />
            <AssignmentForm key={micrometer.data.id} micrometer={micrometer.data} />
          </>
        ))}
      <OfficeAssignmentPanel
        stockMac={micrometer.data?.company_id === null ? micrometer.data.mac_address : null}
      />
    </Stack>
  );
}

type AssignmentFormProps = { micrometer: Micrometer };

function AssignmentForm({ micrometer }: AssignmentFormProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const label = useMicrometerLabel();
  const translate = useTranslateMicrometerMessage();
  const errorText = useMicrometerErrorText();
  const assign = useAssignMicrometer();
  const rooms = useMicrometerOptions('rooms');
  const waters = useMicrometerOptions('waters');
  const assigned = micrometer.company_id !== null;
  const [place, setPlace] = useState<PlaceChoice>({
    companyId: micrometer.company_id,
    propertyId: micrometer.property_id,
    buildingId: micrometer.building_id,
    unitId: micrometer.unit_id,
  });
  const [fixture, setFixture] = useState<number | null>(micrometer.appliance_type_id);
  const [room, setRoom] = useState<number | null>(micrometer.room_type_id);
  const [water, setWater] = useState<number | null>(micrometer.water_type_id);
  const [incomplete, setIncomplete] = useState(false);
  const [unassigning, setUnassigning] = useState(false);

  // The unit's micrometers, to show which fixture slots are taken (a unit has at most 22).
  const unitMicrometers = useMicrometers(
    { level: 'unit', id: place.unitId ?? 0 },
    {
      page: 1,
      limit: MICROMETER_PAGE_SIZES[2],
      sortBy: 'appliance_type_id:ASC',
      search: '',
      filters: NO_FILTERS,
    },
    {},
    place.unitId !== null,
  );
  const taken = new Map(
    place.unitId === null
      ? []
      : (unitMicrometers.data?.data ?? [])
          .filter((row) => row.appliance_type_id !== null && row.id !== micrometer.id)
          .map((row) => [row.appliance_type_id, row.mac_address]),
  );

  const run = (input: AssignMicrometerInput, done: string) =>
    assign.mutate(input, {
      onSuccess: () => {
        showMessage(done);
        setUnassigning(false);
      },
      onError: () => setUnassigning(false),
    });

  const submit = () => {
    const { companyId, propertyId, buildingId, unitId } = place;
    if (
      companyId === null ||
      propertyId === null ||
      buildingId === null ||
      unitId === null ||
      fixture === null
    ) {
      setIncomplete(true);
      return;
    }
    run(
      {
        mac: micrometer.mac_address,
        action: assigned ? 'reassign' : 'assign',
        placement: {
          company_id: companyId,
          property_id: propertyId,
          building_id: buildingId,
          unit_id: unitId,
          appliance_type_id: fixture,
          room_type_id: room,
          water_type_id: water,
        },
      },
      t(assigned ? 'micrometers.assignment.reassigned' : 'micrometers.assignment.assigned', {
        mac: micrometer.mac_address,
        fixture: label('fixtures', fixture),
      }),
    );
  };

  const fixtures = Object.values(ApplianceType).map((id) => ({
    id,
    label: label('fixtures', id),
    takenBy: taken.get(id) ?? null,
  }));

  return (
    <Paper
      component="form"
      noValidate
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 860 }}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="assignment-form"
    >
      <Stack spacing={2.5}>
        <Typography variant="h6" component="h2">
          {assigned
            ? t('micrometers.assignment.moveTitle')
            : t('micrometers.assignment.placeTitle')}
        </Typography>
        <PlacePickers
          value={place}
          onChange={(next) => {
            setPlace(next);
            setIncomplete(false);
            if (next.unitId !== place.unitId) setFixture(null);
          }}
          down="unit"
          disabled={assign.isPending}
        />
        <Stack
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <TextField
            select
            required
            label={t('micrometers.fields.fixture')}
            value={fixture === null ? '' : String(fixture)}
            disabled={place.unitId === null || assign.isPending}
            onChange={(event) => {
              setFixture(event.target.value === '' ? null : Number(event.target.value));
              setIncomplete(false);
            }}
            helperText={
              place.unitId !== null && taken.size > 0
                ? t('micrometers.assignment.takenHint', { count: taken.size })
                : undefined
            }
            data-testid="pick-fixture"
            slotProps={{
              select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
            }}
          >
            {fixtures.map((option) => (
              <MenuItem
                key={option.id}
                value={String(option.id)}
                disabled={option.takenBy !== null}
              >
                {option.takenBy === null
                  ? option.label
                  : t('micrometers.assignment.taken', {
                      fixture: option.label,
                      mac: option.takenBy,
                    })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('micrometers.fields.room')}
            value={room === null ? '' : String(room)}
            disabled={assign.isPending}
            onChange={(event) =>
              setRoom(event.target.value === '' ? null : Number(event.target.value))
            }
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            data-testid="pick-room"
          >
            <MenuItem value="">{t('micrometers.assignment.notSet')}</MenuItem>
            {rooms.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('micrometers.fields.waterType')}
            value={water === null ? '' : String(water)}
            disabled={assign.isPending}
            onChange={(event) =>
              setWater(event.target.value === '' ? null : Number(event.target.value))
            }
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            data-testid="pick-water"
          >
            <MenuItem value="">{t('micrometers.assignment.notSet')}</MenuItem>
            {waters.map((option) => (
              <MenuItem key={option.id} value={String(option.id)}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {incomplete && (
          <Alert severity="warning" role="alert">
            {translate(micrometerMessages.placementRequired)}
          </Alert>
        )}
        {assign.isError && (
          <Alert
            severity="error"
            role="alert"
            sx={{ whiteSpace: 'pre-line' }}
            data-testid="assignment-refusal"
          >
            {errorText(assign.error)}
          </Alert>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            type="submit"
            variant="contained"
            loading={assign.isPending}
            data-testid="assignment-submit"
          >
            {assigned ? t('micrometers.assignment.reassign') : t('micrometers.assignment.assign')}
          </Button>
          {assigned && (
            <Button
              color="error"
              variant="outlined"
              disabled={assign.isPending}
              onClick={() => setUnassigning(true)}
              data-testid="assignment-unassign"
            >
              {t('micrometers.assignment.unassign')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmationDialog
        open={unassigning}
        text={t('micrometers.assignment.unassignConfirm', { mac: micrometer.mac_address })}
        busy={assign.isPending}
        onConfirm={() =>
          run(
            { mac: micrometer.mac_address, action: 'unassign' },
            t('micrometers.assignment.unassigned', { mac: micrometer.mac_address }),
          )
        }
        onCancel={() => setUnassigning(false)}
      />
    </Paper>
  );
}
