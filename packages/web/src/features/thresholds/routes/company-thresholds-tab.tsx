// /companies/{id}/thresholds (spec section 2): the company's daily high-usage threshold in gallons
// for each of the 22 fixture types — its own value, else the fixture type's default, else none
// (docs/detection.md) — and, above them, its unaccounted-water threshold. System admins, system
// support and the company's admins change one in a dialog; the other roles read. A table on wide
// screens, one card per fixture on phones.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
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
import { numberFormats } from '@/lib/number-format';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { type ApplianceThreshold, useCompanyThresholds } from '../api/get-company-thresholds';
import { ThresholdDialog } from '../components/threshold-dialog';
import { UnaccountedWaterCard } from '../components/unaccounted-water-card';
import { useThresholdError } from '../utils/threshold-messages';

export type CompanyThresholdsTabProps = { companyId: number };

/** The texts of one row, shared by the table and the phone cards. */
function useThresholdTexts() {
  const { t, i18n } = useTranslation();
  const gallons = (value: number) =>
    t('thresholds.gallons', { value: numberFormats(i18n.language).precise(value) });
  return (row: ApplianceThreshold) => ({
    fixture: t(`submissions.fixtures.${row.appliance_type_id}` as 'submissions.fixtures.1', {
      defaultValue: row.name,
    }),
    own: row.threshold === null ? null : gallons(row.threshold),
    fallback:
      row.default_threshold === null
        ? t('thresholds.none')
        : t('thresholds.defaultValue', { value: gallons(row.default_threshold) }),
  });
}

type ThresholdValueProps = { own: string | null; fallback: string };

function ThresholdValue({ own, fallback }: ThresholdValueProps) {
  return own === null ? (
    <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
      {fallback}
    </Typography>
  ) : (
    <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
      {own}
    </Typography>
  );
}

type ThresholdEditButtonProps = { fixture: string; onClick: () => void };

function ThresholdEditButton({ fixture, onClick }: ThresholdEditButtonProps) {
  const { t } = useTranslation();
  return (
    <EditButton
      label={t('thresholds.edit')}
      name={t('thresholds.editFor', { fixture })}
      onClick={onClick}
      testId="threshold-edit"
    />
  );
}

export function CompanyThresholdsTab({ companyId }: CompanyThresholdsTabProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const canEdit = mayCallRoute(
    'PUT /companies/:id/appliances-thresholds/:applianceTypeId/:threshold',
    activeRole.user_role_type_id,
  );
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const thresholds = useCompanyThresholds(companyId);
  const describeError = useThresholdError();
  const texts = useThresholdTexts();
  const [editing, setEditing] = useState<ApplianceThreshold | null>(null);
  const rows = thresholds.data ?? [];
  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

  const table = (
    <TableContainer>
      <Table size="small" aria-label={t('thresholds.title')} data-testid="thresholds-table">
        <TableHead>
          <TableRow>
            <TableCell sx={head}>{t('thresholds.columns.fixture')}</TableCell>
            <TableCell sx={head}>{t('thresholds.columns.threshold')}</TableCell>
            {canEdit && (
              <TableCell sx={head} align="right">
                {t('thresholds.columns.actions')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const text = texts(row);
            return (
              <TableRow
                key={row.appliance_type_id}
                data-testid="threshold-row"
                data-appliance-type-id={row.appliance_type_id}
              >
                <TableCell sx={{ fontWeight: 500 }}>{text.fixture}</TableCell>
                <TableCell data-testid="threshold-value">
                  <ThresholdValue own={text.own} fallback={text.fallback} />
                </TableCell>
                {canEdit && (
                  <TableCell align="right" sx={{ py: 0.5 }}>
                    <ThresholdEditButton fixture={text.fixture} onClick={() => setEditing(row)} />
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );

  const cards = (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="thresholds-cards">
      {rows.map((row) => {
        const text = texts(row);
        return (
          <Card
            key={row.appliance_type_id}
            variant="outlined"
            sx={{ p: 1.5 }}
            data-testid="threshold-row"
            data-appliance-type-id={row.appliance_type_id}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{text.fixture}</Typography>
                <Box data-testid="threshold-value">
                  <ThresholdValue own={text.own} fallback={text.fallback} />
                </Box>
              </Box>
              {canEdit && (
                <ThresholdEditButton fixture={text.fixture} onClick={() => setEditing(row)} />
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );

  return (
    <Stack spacing={2} data-testid="thresholds-tab">
      <UnaccountedWaterCard
        companyId={companyId}
        canEdit={mayCallRoute(
          'PUT /companies/:id/appliances-thresholds/unaccounted-water',
          activeRole.user_role_type_id,
        )}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('thresholds.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        {thresholds.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {thresholds.isPending && (
          <Typography sx={{ py: 4, textAlign: 'center' }}>{t('common.loading')}</Typography>
        )}
        {thresholds.isError && (
          <Stack spacing={2} sx={{ p: 3, alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              {t('thresholds.loadError')} {describeError(thresholds.error)}
            </Alert>
            <Button onClick={() => void thresholds.refetch()}>{t('thresholds.retry')}</Button>
          </Stack>
        )}
        {thresholds.isSuccess && rows.length === 0 && (
          <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
            {t('thresholds.empty')}
          </Typography>
        )}
        {thresholds.isSuccess && rows.length > 0 && (phone ? cards : table)}
      </Paper>
      <ThresholdDialog
        companyId={companyId}
        threshold={editing}
        fixtureName={editing === null ? '' : texts(editing).fixture}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
