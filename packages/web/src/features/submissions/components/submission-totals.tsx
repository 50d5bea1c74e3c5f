// The totals of a place's readings for the dates the list shows: gallons and usage reports, from
// the daily rollup (local dates of the property). On the unit page also its first and last
// reading. A note says why the usage reports differ from the list's count below: the list holds
// every frame (keep-alives and malformed ones too) and follows its filters.
import type { PortfolioLevel } from '@flowsight/domain/portfolio';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KpiGrid } from '@/components/kpi-card';
import { useSubmissionTotals } from '../api/get-submission-totals';
import { useUnitReadingEdge } from '../api/get-unit-reading-edges';
import { useSubmissionFormat } from '../utils/submission-format';
import { type SubmissionListParams, totalsRange } from '../utils/submission-params';

type FigureProps = { label: string; value: ReactNode; loading?: boolean; testId: string };

function Figure({ label, value, loading = false, testId }: FigureProps) {
  return (
    <Paper
      variant="outlined"
      sx={{ borderRadius: 2, px: { xs: 1.5, sm: 2 }, py: 1.5, minWidth: 0 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography
        variant="h6"
        component="p"
        data-testid={testId}
        sx={{ fontSize: { xs: 16, sm: 20 }, overflowWrap: 'anywhere' }}
      >
        {loading ? <Skeleton width={80} /> : value}
      </Typography>
    </Paper>
  );
}

export type SubmissionTotalsProps = {
  level: PortfolioLevel;
  id: number;
  params: Pick<SubmissionListParams, 'from' | 'to'>;
};

export function SubmissionTotals({ level, id, params }: SubmissionTotalsProps) {
  const { t } = useTranslation();
  const format = useSubmissionFormat();
  const totals = useSubmissionTotals(level, id, totalsRange(params));
  const failed = totals.isError ? t('submissions.totals.unavailable') : null;
  return (
    <Box data-testid="submission-totals">
      <KpiGrid columns={level === 'unit' ? 4 : 2}>
        <Figure
          label={t('submissions.totals.gallons')}
          loading={totals.isPending}
          value={failed ?? format.totalGallons(totals.data?.gallons ?? 0)}
          testId="total-gallons"
        />
        <Figure
          label={t('submissions.totals.readings')}
          loading={totals.isPending}
          value={failed ?? format.count(totals.data?.readings ?? 0)}
          testId="total-readings"
        />
        {level === 'unit' && <UnitReadingEdges unitId={id} />}
      </KpiGrid>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', mt: 1 }}
        data-testid="submission-totals-note"
      >
        {t('submissions.totals.note')}
      </Typography>
    </Box>
  );
}

type UnitReadingEdgesProps = { unitId: number };

function UnitReadingEdges({ unitId }: UnitReadingEdgesProps) {
  const { t } = useTranslation();
  const format = useSubmissionFormat();
  const first = useUnitReadingEdge(unitId, 'first');
  const last = useUnitReadingEdge(unitId, 'last');
  const shown = (edge: typeof first) =>
    edge.isError
      ? t('submissions.totals.unavailable')
      : edge.data === null || edge.data === undefined
        ? t('submissions.totals.none')
        : format.dateTime(edge.data.measured_at);
  return (
    <>
      <Figure
        label={t('submissions.totals.first')}
        loading={first.isPending}
        value={shown(first)}
        testId="first-reading"
      />
      <Figure
        label={t('submissions.totals.last')}
        loading={last.isPending}
        value={shown(last)}
        testId="last-reading"
      />
    </>
  );
}
