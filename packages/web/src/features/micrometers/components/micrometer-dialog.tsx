// The micrometer detail dialog (spec section 2, "Dialogs"; at most 600 px wide, full screen on
// phones): identity and health, where it is assigned, its office assignment, the notification
// exclusion (system roles may switch it), the reported issue with "Report issue", and its newest
// readings. System roles get Assign or Reassign (the assignment page with `?mac=..&reload=1`)
// and Config (`/micrometers/config?mac=..`); the roles the access table allows may change its state
// and status and delete it (`micrometer-manage.tsx`).
import { MICROMETER_DIALOG_MAX_WIDTH } from '@flowsight/domain/constants';
import { unitPath } from '@flowsight/domain/paths';
import { isSystemRole } from '@flowsight/domain/roles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormDialog, FormDialogTitle } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useSignedInSession } from '@/lib/session';
import { useMicrometerByMac } from '../api/get-micrometer-by-mac';
import { useMicrometerIssue } from '../api/get-micrometer-issue';
import { RECENT_READINGS, useMicrometerReadings } from '../api/get-micrometer-readings';
import type { Micrometer } from '../api/get-micrometers';
import { useReportMicrometerIssue } from '../api/report-micrometer-issue';
import { useSetMicrometerExcluded } from '../api/set-micrometer-excluded';
import { NO_VALUE, useMicrometerFormat, useMicrometerLabel } from '../utils/micrometer-format';
import { useMicrometerErrorText } from '../utils/micrometer-messages';
import { assignmentPath, configPath } from '../utils/micrometer-paths';
import { MicrometerStateChip, MicrometerStatusChip } from './micrometer-chips';
import { DeleteMicrometerButton, MicrometerLookupChanges } from './micrometer-manage';

export type MicrometerDialogProps = {
  /** The micrometer's normalised MAC. */
  mac: string;
  onClose: () => void;
};

export function MicrometerDialog({ mac, onClose }: MicrometerDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { activeRole } = useSignedInSession();
  const system = isSystemRole(activeRole.user_role_type_id);
  const micrometer = useMicrometerByMac(mac);
  const errorText = useMicrometerErrorText();
  const data = micrometer.data;

  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth={MICROMETER_DIALOG_MAX_WIDTH}
      fullScreen={phone}
      data-testid="micrometer-dialog"
    >
      <FormDialogTitle sx={{ pb: 1 }}>
        <Typography component="span" variant="h6" sx={{ display: 'block' }}>
          {t('micrometers.dialog.title')}
        </Typography>
        <Typography
          component="span"
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: 16, color: 'text.secondary' }}
          data-testid="dialog-mac"
        >
          {mac}
        </Typography>
      </FormDialogTitle>
      <DialogContent dividers>
        {micrometer.isError ? (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {errorText(micrometer.error)}
          </Alert>
        ) : data === undefined ? (
          <Stack spacing={1.5} aria-busy="true" aria-label={t('common.loading')}>
            <Skeleton variant="rounded" height={120} />
            <Skeleton variant="rounded" height={90} />
            <Skeleton variant="rounded" height={160} />
          </Stack>
        ) : (
          <MicrometerDetails micrometer={data} system={system} />
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, py: 1.5 }}>
        {system && data !== undefined && (
          <>
            <Button
              variant="contained"
              onClick={() => navigate(assignmentPath(data.mac_address))}
              data-testid="dialog-assign"
            >
              {data.company_id === null
                ? t('micrometers.dialog.assign')
                : t('micrometers.dialog.reassign')}
            </Button>
            <Button
              variant="outlined"
              onClick={() => navigate(configPath(data.mac_address))}
              data-testid="dialog-config"
            >
              {t('micrometers.dialog.config')}
            </Button>
          </>
        )}
        {data !== undefined && <DeleteMicrometerButton micrometer={data} onDeleted={onClose} />}
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </FormDialog>
  );
}

type FactsProps = { title: string; items: [string, ReactNode][]; testId: string };

function Facts({ title, items, testId }: FactsProps) {
  return (
    <Box component="section" data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75, color: 'text.secondary' }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 9rem) 1fr', sm: 'minmax(0, 11rem) 1fr' },
          columnGap: 2,
          rowGap: 0.75,
          m: 0,
          '& dt': { color: 'text.secondary', typography: 'body2' },
          '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
        }}
      >
        {items.map(([name, value]) => (
          <Box key={name} sx={{ display: 'contents' }}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

type MicrometerDetailsProps = { micrometer: Micrometer; system: boolean };

function MicrometerDetails({ micrometer, system }: MicrometerDetailsProps) {
  const { t } = useTranslation();
  const format = useMicrometerFormat();
  const label = useMicrometerLabel();
  const orDash = (text: string | null) => (text === null || text === '' ? NO_VALUE : text);
  const assigned = micrometer.company_id !== null;
  const unitLink =
    assigned &&
    micrometer.property_id !== null &&
    micrometer.building_id !== null &&
    micrometer.unit_id !== null
      ? unitPath(
          micrometer.company_id ?? 0,
          micrometer.property_id,
          micrometer.building_id,
          micrometer.unit_id,
        )
      : null;

  return (
    <Stack spacing={2.5}>
      <Facts
        title={t('micrometers.dialog.health')}
        testId="dialog-health"
        items={[
          [
            t('micrometers.fields.state'),
            <MicrometerStateChip key="state" stateId={micrometer.sensor_state_id} />,
          ],
          [
            t('micrometers.fields.status'),
            <MicrometerStatusChip key="status" statusId={micrometer.sensor_status_id} />,
          ],
          [t('micrometers.fields.battery'), format.battery(micrometer.battery)],
          [
            t('micrometers.fields.uplinkLoss'),
            <span key="uplink-loss" title={t('micrometers.units.uplinkLossHint')}>
              {format.uplinkLoss(micrometer.uplink_loss)}
            </span>,
          ],
          [t('micrometers.fields.firmware'), orDash(micrometer.firmware_version)],
          [t('micrometers.fields.productionDate'), format.date(micrometer.install_date)],
          [t('micrometers.fields.lastKeepalive'), format.dateTime(micrometer.last_keepalive)],
          [t('micrometers.fields.lastSubmission'), format.dateTime(micrometer.last_submission)],
        ]}
      />
      <Facts
        title={t('micrometers.dialog.assignment')}
        testId="dialog-assignment"
        items={
          assigned
            ? [
                [t('micrometers.fields.company'), orDash(micrometer.company_name)],
                [t('micrometers.fields.property'), orDash(micrometer.property_name)],
                [t('micrometers.fields.building'), orDash(micrometer.building_name)],
                [
                  t('micrometers.fields.unit'),
                  unitLink === null ? (
                    orDash(micrometer.unit_name)
                  ) : (
                    <Link key="unit" component={RouterLink} to={`${unitLink}/micrometers`}>
                      {orDash(micrometer.unit_name)}
                    </Link>
                  ),
                ],
                [
                  t('micrometers.fields.fixture'),
                  label('fixtures', micrometer.appliance_type_id) || NO_VALUE,
                ],
                [t('micrometers.fields.room'), label('rooms', micrometer.room_type_id) || NO_VALUE],
                [
                  t('micrometers.fields.waterType'),
                  label('waters', micrometer.water_type_id) || NO_VALUE,
                ],
              ]
            : [[t('micrometers.fields.company'), t('micrometers.dialog.notAssigned')]]
        }
      />
      <Facts
        title={t('micrometers.dialog.officeAssignment')}
        testId="dialog-office"
        items={[
          [
            t('micrometers.fields.building'),
            micrometer.office_assignment === null
              ? t('micrometers.dialog.noOfficeAssignment')
              : t('micrometers.dialog.officePending', {
                  building: micrometer.office_assignment.building_name,
                }),
          ],
        ]}
      />
      <ExclusionRow micrometer={micrometer} system={system} />
      <MicrometerLookupChanges micrometer={micrometer} />
      <IssueSection micrometer={micrometer} />
      <ReadingsSection micrometer={micrometer} unitLink={unitLink} />
    </Stack>
  );
}

type ExclusionRowProps = { micrometer: Micrometer; system: boolean };

function ExclusionRow({ micrometer, system }: ExclusionRowProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const exclusion = useSetMicrometerExcluded();
  if (!system) {
    return (
      <Typography variant="body2" data-testid="dialog-excluded">
        {micrometer.notification_excluded
          ? t('micrometers.dialog.excludedYes')
          : t('micrometers.dialog.excludedNo')}
      </Typography>
    );
  }
  return (
    <FormControlLabel
      data-testid="dialog-excluded"
      control={
        <Switch
          checked={micrometer.notification_excluded}
          disabled={exclusion.isPending}
          onChange={(event) =>
            exclusion.mutate(
              { id: micrometer.id, excluded: event.target.checked },
              {
                onSuccess: (updated) =>
                  showMessage(
                    updated.notification_excluded
                      ? t('micrometers.excluded.excludedDone', { mac: updated.mac_address })
                      : t('micrometers.excluded.includedDone', { mac: updated.mac_address }),
                  ),
                onError: (error) => showMessage(errorText(error), 'error'),
              },
            )
          }
        />
      }
      label={t('micrometers.dialog.excludeLabel')}
    />
  );
}

type IssueSectionProps = { micrometer: Micrometer };

function IssueSection({ micrometer }: IssueSectionProps) {
  const { t } = useTranslation();
  const format = useMicrometerFormat();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const issue = useMicrometerIssue(micrometer.id);
  const report = useReportMicrometerIssue();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    if (draft === null) return;
    if (draft.trim() === '') {
      setProblem(t('micrometers.issue.required'));
      return;
    }
    report.mutate(
      { sensorId: micrometer.id, issue: draft.trim() },
      {
        onSuccess: () => {
          setDraft(null);
          setProblem(null);
          showMessage(t('micrometers.issue.reported'));
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const current = issue.data;
  return (
    <Box component="section" data-testid="dialog-issue">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75, color: 'text.secondary' }}>
        {t('micrometers.issue.title')}
      </Typography>
      {issue.isPending ? (
        <Skeleton variant="text" />
      ) : current?.issue ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {current.issue}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('micrometers.issue.reportedBy', {
              when: format.dateTime(current.reported_at),
              who: current.reported_by ?? NO_VALUE,
            })}
          </Typography>
        </Alert>
      ) : (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('micrometers.issue.none')}
        </Typography>
      )}
      {draft === null ? (
        <Button
          size="small"
          variant="outlined"
          onClick={() => setDraft('')}
          data-testid="report-issue"
        >
          {t('micrometers.issue.report')}
        </Button>
      ) : (
        <Stack spacing={1}>
          <TextField
            label={t('micrometers.issue.label')}
            placeholder={t('micrometers.issue.placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={2}
            autoFocus
            error={problem !== null}
            helperText={problem}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
          />
          <Stack direction="row" spacing={1}>
            <Button size="small" variant="contained" onClick={submit} loading={report.isPending}>
              {t('micrometers.issue.submit')}
            </Button>
            <Button
              size="small"
              onClick={() => {
                setDraft(null);
                setProblem(null);
              }}
            >
              {t('micrometers.actions.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
    </Box>
  );
}

type ReadingsSectionProps = { micrometer: Micrometer; unitLink: string | null };

function ReadingsSection({ micrometer, unitLink }: ReadingsSectionProps) {
  const { t } = useTranslation();
  const format = useMicrometerFormat();
  const readings = useMicrometerReadings(micrometer.id);
  const errorText = useMicrometerErrorText();
  const rows = readings.data ?? [];
  return (
    <Box component="section" data-testid="dialog-readings">
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 0.5 }}
      >
        <Typography variant="subtitle2" component="h3" sx={{ color: 'text.secondary' }}>
          {t('micrometers.readings.title', { count: RECENT_READINGS })}
        </Typography>
        {unitLink !== null && (
          <Link
            component={RouterLink}
            to={`${unitLink}/submissions?mac=${micrometer.mac_address}`}
            variant="body2"
          >
            {t('micrometers.readings.all')}
          </Link>
        )}
      </Stack>
      {readings.isError ? (
        <Alert severity="error" role="alert">
          {errorText(readings.error)}
        </Alert>
      ) : readings.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : rows.length === 0 ? (
        <Typography variant="body2" data-testid="readings-empty">
          {t('micrometers.readings.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('micrometers.readings.label')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('micrometers.readings.when')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('micrometers.readings.kind')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  {t('micrometers.readings.gallons')}
                </TableCell>
                <TableCell sx={{ fontWeight: 600 }} align="right">
                  {t('micrometers.fields.battery')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((reading) => (
                <TableRow key={reading.id} data-testid="reading-row">
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {format.dateTime(reading.measured_at)}
                  </TableCell>
                  <TableCell>{t(`micrometers.readingKinds.${reading.kind}`)}</TableCell>
                  <TableCell align="right">{format.gallons(reading.gallons)}</TableCell>
                  <TableCell align="right">{format.battery(reading.battery)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
