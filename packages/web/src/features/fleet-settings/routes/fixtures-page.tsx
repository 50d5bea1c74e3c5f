// /appliances ("fixtures", system roles): the 22 fixture types and the leak-detection parameters
// each is watched with. System admins edit a type in a dialog; the other roles read. A table on
// wide screens, one card per fixture on phones.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditButton } from '@/components/edit-button';
import { PageHeader } from '@/components/page-header';
import { errorMessages } from '@/lib/api-error';
import { displayDate } from '@/lib/display-date';
import { numberFormats } from '@/lib/number-format';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { type FixtureType, useFixtureTypes } from '../api/get-fixture-types';
import { FixtureDetectionDialog } from '../components/fixture-detection-dialog';
import { useFleetMessage } from '../utils/messages';

/** The texts of one fixture's parameters, shared by the table and the phone cards. */
function useFixtureTexts() {
  const { t, i18n } = useTranslation();
  return (fixture: FixtureType) => ({
    name: t(`submissions.fixtures.${fixture.id}` as 'submissions.fixtures.1', {
      defaultValue: fixture.name,
    }),
    kind: t(
      `fleetSettings.fixtures.kinds.${fixture.kind}` as 'fleetSettings.fixtures.kinds.faucet',
      {
        defaultValue: fixture.kind,
      },
    ),
    continuous:
      fixture.continuous_hours === null
        ? t('fleetSettings.fixtures.notWatched')
        : t('fleetSettings.fixtures.hours', { count: fixture.continuous_hours }),
    hourlyMin: t('fleetSettings.fixtures.gallons', {
      value: numberFormats(i18n.language).precise(fixture.hourly_min_gal),
    }),
    nightFlow: fixture.night_flow
      ? t('fleetSettings.fixtures.on')
      : t('fleetSettings.fixtures.off'),
    dailyHigh:
      fixture.daily_high_gal === null
        ? t('fleetSettings.fixtures.none')
        : t('fleetSettings.fixtures.gallons', {
            value: numberFormats(i18n.language).precise(fixture.daily_high_gal),
          }),
    changed:
      fixture.updated_at === null
        ? t('fleetSettings.fixtures.unchanged')
        : t('fleetSettings.fixtures.changedBy', {
            date: displayDate(fixture.updated_at, i18n.language),
            name: fixture.updated_by_name ?? '',
          }),
  });
}

type FixtureEditButtonProps = { name: string; onClick: () => void };

function FixtureEditButton({ name, onClick }: FixtureEditButtonProps) {
  const { t } = useTranslation();
  return (
    <EditButton
      label={t('fleetSettings.fixtures.edit')}
      name={t('fleetSettings.fixtures.editFor', { name })}
      onClick={onClick}
      testId="edit-fixture"
    />
  );
}

type FixtureListProps = {
  fixtures: FixtureType[];
  canEdit: boolean;
  onEdit: (fixture: FixtureType) => void;
};

function FixtureTable({ fixtures, canEdit, onEdit }: FixtureListProps) {
  const { t } = useTranslation();
  const texts = useFixtureTexts();
  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('fleetSettings.fixtures.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{t('fleetSettings.fixtures.columns.fixture')}</TableCell>
            <TableCell sx={head}>{t('fleetSettings.fixtures.columns.continuous')}</TableCell>
            <TableCell sx={head}>{t('fleetSettings.fixtures.columns.hourlyMin')}</TableCell>
            <TableCell sx={head}>{t('fleetSettings.fixtures.columns.nightFlow')}</TableCell>
            <TableCell sx={head}>{t('fleetSettings.fixtures.columns.dailyHigh')}</TableCell>
            <TableCell sx={{ ...head, display: { xs: 'none', md: 'table-cell' } }}>
              {t('fleetSettings.fixtures.columns.changed')}
            </TableCell>
            {canEdit && (
              <TableCell sx={head} align="right">
                {t('fleetSettings.fixtures.columns.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {fixtures.map((fixture) => {
            const text = texts(fixture);
            return (
              <TableRow key={fixture.id} data-testid="fixture-row" data-fixture-id={fixture.id}>
                <TableCell>
                  <Typography variant="body2" sx={{ fontWeight: 500 }}>
                    {text.name}
                  </Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {text.kind}
                  </Typography>
                </TableCell>
                <TableCell data-testid="fixture-continuous">{text.continuous}</TableCell>
                <TableCell>{text.hourlyMin}</TableCell>
                <TableCell>{text.nightFlow}</TableCell>
                <TableCell>{text.dailyHigh}</TableCell>
                <TableCell
                  sx={{ color: 'text.secondary', display: { xs: 'none', md: 'table-cell' } }}
                >
                  {text.changed}
                </TableCell>
                {canEdit && (
                  <TableCell align="right">
                    <FixtureEditButton name={text.name} onClick={() => onEdit(fixture)} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function FixtureCards({ fixtures, canEdit, onEdit }: FixtureListProps) {
  const { t } = useTranslation();
  const texts = useFixtureTexts();
  return (
    <Stack component="ul" aria-label={t('fleetSettings.fixtures.tableLabel')} sx={{ m: 0, p: 0 }}>
      {fixtures.map((fixture, index) => {
        const text = texts(fixture);
        const facts = [
          [t('fleetSettings.fixtures.columns.continuous'), text.continuous, 'fixture-continuous'],
          [t('fleetSettings.fixtures.columns.hourlyMin'), text.hourlyMin, undefined],
          [t('fleetSettings.fixtures.columns.nightFlow'), text.nightFlow, undefined],
          [t('fleetSettings.fixtures.columns.dailyHigh'), text.dailyHigh, undefined],
        ] as const;
        return (
          <Box
            component="li"
            key={fixture.id}
            data-testid="fixture-row"
            data-fixture-id={fixture.id}
            sx={{
              listStyle: 'none',
              px: 2,
              py: 1.5,
              borderTop: index === 0 ? 0 : 1,
              borderColor: 'divider',
            }}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
              <Typography variant="subtitle2" sx={{ flexGrow: 1 }}>
                {text.name}
              </Typography>
              <Chip size="small" variant="outlined" label={text.kind} />
            </Stack>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                columnGap: 2,
                rowGap: 0.25,
                m: 0,
                fontSize: 14,
              }}
            >
              {facts.map(([label, value, testId]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {label}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }} data-testid={testId}>
                    {value}
                  </Box>
                </Box>
              ))}
            </Box>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}
            >
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {text.changed}
              </Typography>
              {canEdit && <FixtureEditButton name={text.name} onClick={() => onEdit(fixture)} />}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}

export function FixturesPage() {
  const { t } = useTranslation();
  const translate = useFleetMessage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { activeRole } = useSignedInSession();
  const canEdit = mayCallRoute('PUT /appliances/:id', activeRole.user_role_type_id);
  const fixtures = useFixtureTypes();
  const [editing, setEditing] = useState<FixtureType | null>(null);
  const texts = useFixtureTexts();
  const rows = fixtures.data ?? [];

  return (
    <Stack spacing={2} data-testid="fixtures-page">
      <PageHeader
        title={t('fleetSettings.fixtures.title')}
        intro={t('fleetSettings.fixtures.intro')}
      />
      {!canEdit && (
        <Alert severity="info" data-testid="fixtures-read-only">
          {t('fleetSettings.fixtures.readOnly')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        {fixtures.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {fixtures.isError && (
          <Stack spacing={2} sx={{ p: 3, alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              {t('fleetSettings.fixtures.loadError')}{' '}
              {errorMessages(fixtures.error).map(translate).join(' ')}
            </Alert>
            <Button onClick={() => void fixtures.refetch()}>{t('fleetSettings.retry')}</Button>
          </Stack>
        )}
        {fixtures.isPending && (
          <Typography sx={{ p: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
        )}
        {fixtures.isSuccess &&
          (phone ? (
            <FixtureCards fixtures={rows} canEdit={canEdit} onEdit={setEditing} />
          ) : (
            <FixtureTable fixtures={rows} canEdit={canEdit} onEdit={setEditing} />
          ))}
      </Paper>
      {canEdit && (
        <FixtureDetectionDialog
          fixture={editing}
          name={editing ? texts(editing).name : ''}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
