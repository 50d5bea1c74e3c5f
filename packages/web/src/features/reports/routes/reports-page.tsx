// /reports (all shell roles; spec section 2): a company report of the lookups' report types, or
// the gallons-by-unit report of a property or building, for a date range. The preview lists every
// row; "Download CSV" saves the server's file (named by its Content-Disposition); "Print" prints
// the report alone, headed by its name, place and range. The choices live in the address.
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ReportFilters } from '../components/report-filters';
import { ReportPreviewCard } from '../components/report-preview-card';
import { ReportPrintStyles, SCREEN_ONLY } from '../components/report-print-styles';
import { useReportPreview } from '../utils/report-preview';
import { useReportsState } from '../utils/use-reports-state';

export function ReportsPage() {
  const { t } = useTranslation();
  const state = useReportsState();
  const preview = useReportPreview(state);

  return (
    <Stack spacing={3} data-testid="reports-page">
      <ReportPrintStyles />
      <Box {...{ [SCREEN_ONLY]: '' }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
          {t('reports.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('reports.intro')}</Typography>
      </Box>

      <ReportFilters state={state} />
      <ReportPreviewCard state={state} preview={preview} />
    </Stack>
  );
}
