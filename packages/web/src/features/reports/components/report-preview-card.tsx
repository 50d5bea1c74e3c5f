// The reports page's preview: the report's name, place, range and notes, "Download CSV" and
// "Print", and the table — or what is still missing, the server's error, or progress.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { PageLoader } from '@/components/page-loader';
import { useTranslateMessage } from '@/i18n/messages';
import { ApiError, errorMessages } from '@/lib/api-error';
import { downloadFile } from '@/lib/download-file';
import type { ReportPreview } from '../utils/report-preview';
import type { ReportsState } from '../utils/use-reports-state';
import { PRINT_ROOT, SCREEN_ONLY } from './report-print-styles';
import { ReportTable } from './report-table';

/** Saves the server's CSV at `csvPath`, saying how it went. */
function useReportDownload(csvPath: string | null) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    if (csvPath === null) return;
    setDownloading(true);
    try {
      const fileName = await downloadFile({ url: csvPath, timeZone: null });
      showMessage(t('reports.actions.downloaded', { file: fileName }), 'success');
    } catch (error) {
      const reasons = error instanceof ApiError ? error.messages : [];
      showMessage(
        reasons.length > 0
          ? reasons.map(translate).join('\n')
          : t('reports.actions.downloadFailed'),
        'error',
      );
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}

export type ReportPreviewCardProps = { state: ReportsState; preview: ReportPreview | null };

export function ReportPreviewCard({ state, preview }: ReportPreviewCardProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { active, reportName, missing, placeLine, rangeLine } = state;
  const { downloading, download } = useReportDownload(state.csvPath);
  const ready = missing === null && preview !== null;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="report-heading"
      sx={{
        borderRadius: 2,
        overflow: 'hidden',
        '@media print': { border: 0, borderRadius: 0, overflow: 'visible' },
      }}
      data-testid="report-preview"
      aria-busy={ready && active.isFetching}
      {...{ [PRINT_ROOT]: '' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{
          p: { xs: 2, sm: 3 },
          alignItems: { sm: 'flex-start' },
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id="report-heading" variant="h6" component="h2" data-testid="report-heading">
            {reportName === '' ? t('reports.preview.title') : reportName}
          </Typography>
          {ready && (
            <>
              {placeLine !== '' && (
                <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="report-place">
                  {placeLine}
                </Typography>
              )}
              <Typography sx={{ color: 'text.secondary' }} data-testid="report-range-line">
                {rangeLine}
              </Typography>
              {preview.notes.map((note) => (
                <Typography
                  key={note}
                  variant="body2"
                  sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}
                  data-testid="report-note"
                >
                  {note}
                </Typography>
              ))}
            </>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }} {...{ [SCREEN_ONLY]: '' }}>
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void download()}
            disabled={!ready || downloading}
          >
            {downloading ? t('reports.actions.downloading') : t('reports.actions.download')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PrintOutlined />}
            onClick={() => window.print()}
            disabled={!ready}
          >
            {t('reports.actions.print')}
          </Button>
        </Stack>
      </Stack>
      {ready && active.isFetching && <LinearProgress aria-label={t('reports.preview.updating')} />}
      {missing !== null ? (
        <Typography
          sx={{ px: 3, pb: 4, pt: 1, color: 'text.secondary' }}
          data-testid="report-prompt"
        >
          {missing}
        </Typography>
      ) : active.isError ? (
        <Box sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
          <Alert
            severity="error"
            data-testid="report-error"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<RefreshRounded />}
                onClick={() => void active.refetch()}
              >
                {t('reports.preview.retry')}
              </Button>
            }
          >
            {errorMessages(active.error).map(translate).join('\n')}
          </Alert>
        </Box>
      ) : preview === null ? (
        <PageLoader />
      ) : (
        <ReportTable
          label={reportName}
          columns={preview.columns}
          rows={preview.rows}
          totals={preview.totals}
          afterTotals={preview.afterTotals}
          emptyText={t('reports.preview.empty')}
        />
      )}
    </Paper>
  );
}
