// The alert list's actions under its filters: clear the filters (when any differ from the
// list's defaults) and export the filtered alerts as CSV, the server's reasons shown on failure.
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterAltOffRounded from '@mui/icons-material/FilterAltOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useTranslateMessage } from '@/i18n/messages';
import { ApiError } from '@/lib/api-error';
import { downloadFile } from '@/lib/download-file';
import { type AlertSource, sourceApiFilters } from '../api/get-alerts';
import type { AlertListParams } from '../utils/alert-list-params';

/** Downloads the list's alerts with its filters as CSV; tells how it went in the snackbar. */
function useAlertExport(source: AlertSource, params: AlertListParams) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = new URLSearchParams(sourceApiFilters(source, params));
      await downloadFile({ url: `/notifications/export-all-stream?${query}` });
      showMessage(t('alerts.list.exportDone'), 'success');
    } catch (error) {
      // Spec section 8: the server's message when it sent one, else the export's own text.
      const reasons = error instanceof ApiError ? error.messages : [];
      showMessage(
        reasons.length > 0 ? reasons.map(translate).join('\n') : t('alerts.list.exportFailed'),
        'error',
      );
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

export type AlertListActionsProps = {
  source: AlertSource;
  params: AlertListParams;
  /** Some filter differs from the list's defaults. */
  filtered: boolean;
  onClearFilters: () => void;
  /** Another control beside export (the phones' select mode). */
  extra?: ReactNode;
};

export function AlertListActions({
  source,
  params,
  filtered,
  onClearFilters,
  extra,
}: AlertListActionsProps) {
  const { t } = useTranslation();
  const { exporting, exportCsv } = useAlertExport(source, params);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
    >
      <Box>
        {filtered && (
          <Button
            size="small"
            startIcon={<FilterAltOffRounded />}
            onClick={onClearFilters}
            data-testid="alerts-clear-filters"
          >
            {t('alerts.list.filters.clear')}
          </Button>
        )}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {extra}
        <Button
          variant="outlined"
          size="small"
          startIcon={<FileDownloadOutlined />}
          loading={exporting}
          onClick={() => void exportCsv()}
          data-testid="alerts-export"
        >
          {t('alerts.list.export')}
        </Button>
      </Stack>
    </Stack>
  );
}
