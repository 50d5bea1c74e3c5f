// The micrometers' own gallon thresholds: searched by MAC or place, paged on the server, with add
// (by MAC), edit and delete for those allowed. Page, size and search stay in the address.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import AddRounded from '@mui/icons-material/AddRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { ListPagination } from '@/components/list-pagination';
import { useAddressSearch } from '@/lib/address-search';
import { errorMessages } from '@/lib/api-error';
import { numberFormats } from '@/lib/number-format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteGallonThreshold } from '../api/delete-gallon-threshold';
import { type GallonThreshold, useGallonThresholds } from '../api/get-gallon-thresholds';
import { useFleetMessage } from '../utils/messages';
import { GallonThresholdDialog } from './gallon-threshold-dialog';

const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_LIMIT = 10;

/** Where the micrometer sits: company · building · unit (what the row carries). */
const placeOf = (row: GallonThreshold) =>
  [row.company_name, row.building_name, row.unit_name].filter(Boolean).join(' · ');

export type GallonThresholdsSectionProps = { canEdit: boolean };

export function GallonThresholdsSection({ canEdit }: GallonThresholdsSectionProps) {
  const { t, i18n } = useTranslation();
  const translate = useFleetMessage();
  const { showMessage } = useSnackbar();
  const theme = useTheme();
  // On phones the value sits under the MAC and the actions stack, so nothing runs off screen.
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useAddressSearch();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limitParam = Number(params.get('limit'));
  const limit = (PAGE_SIZES as readonly number[]).includes(limitParam) ? limitParam : DEFAULT_LIMIT;
  const [searchText, setSearchText] = useState(params.get('search') ?? '');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const thresholds = useGallonThresholds({ page, limit, search });
  const remove = useDeleteGallonThreshold();
  const [dialog, setDialog] = useState<{ threshold: GallonThreshold | null } | null>(null);
  const [deleting, setDeleting] = useState<GallonThreshold | null>(null);

  const change = (next: { page?: number; limit?: number; search?: string }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const set = (key: string, value: string | number | undefined, fallback: string) => {
          if (value === undefined) return;
          if (String(value) === fallback) updated.delete(key);
          else updated.set(key, String(value));
        };
        set('page', next.page, '1');
        set('limit', next.limit, String(DEFAULT_LIMIT));
        set('search', next.search, '');
        return updated;
      },
      { replace: true },
    );
  // A new search starts on its first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search moves the page.
  useEffect(() => {
    if ((params.get('search') ?? '') !== search) change({ search, page: 1 });
  }, [search]);

  const confirmDelete = () => {
    if (deleting === null) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        showMessage(t('fleetSettings.thresholds.deleted', { mac: deleting.mac_address }));
        setDeleting(null);
      },
      onError: (error) => {
        showMessage(
          t('fleetSettings.failed', { reason: errorMessages(error).map(translate).join(' ') }),
          'error',
        );
        setDeleting(null);
      },
    });
  };

  const rows = thresholds.data?.data ?? [];
  const total = thresholds.data?.meta.totalItems ?? 0;
  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;
  const columns = (canEdit ? 2 : 1) + (phone ? 0 : 2);

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="gallon-thresholds-title">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <div>
          <Typography
            id="gallon-thresholds-title"
            variant="h6"
            component="h2"
            sx={{ fontSize: 18 }}
          >
            {t('fleetSettings.thresholds.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('fleetSettings.thresholds.intro')}
          </Typography>
        </div>
        {canEdit && (
          <Button
            variant="contained"
            startIcon={<AddRounded />}
            onClick={() => setDialog({ threshold: null })}
            data-testid="add-gallon-threshold"
            sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          >
            {t('fleetSettings.thresholds.add')}
          </Button>
        )}
      </Stack>
      <TextField
        size="small"
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        placeholder={t('fleetSettings.thresholds.search')}
        sx={{ maxWidth: { sm: 360 } }}
        slotProps={{
          htmlInput: { 'aria-label': t('fleetSettings.thresholds.search') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchRounded fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        {thresholds.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {thresholds.isError ? (
          <Stack spacing={2} sx={{ p: 3, alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              {t('fleetSettings.thresholds.loadError')}{' '}
              {errorMessages(thresholds.error).map(translate).join(' ')}
            </Alert>
            <Button onClick={() => void thresholds.refetch()}>{t('fleetSettings.retry')}</Button>
          </Stack>
        ) : (
          <>
            <TableContainer>
              <Table size="small" aria-label={t('fleetSettings.thresholds.tableLabel')}>
                <TableHead>
                  <TableRow>
                    <TableCell sx={head}>{t('fleetSettings.thresholds.columns.mac')}</TableCell>
                    {!phone && (
                      <>
                        <TableCell sx={head}>
                          {t('fleetSettings.thresholds.columns.place')}
                        </TableCell>
                        <TableCell sx={head}>
                          {t('fleetSettings.thresholds.columns.value')}
                        </TableCell>
                      </>
                    )}
                    {canEdit && (
                      <TableCell sx={head} align="right">
                        {t('fleetSettings.thresholds.columns.actions')}
                      </TableCell>
                    )}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {thresholds.isPending && (
                    <TableRow>
                      <TableCell colSpan={columns} sx={{ py: 4, textAlign: 'center' }}>
                        {t('common.loading')}
                      </TableCell>
                    </TableRow>
                  )}
                  {thresholds.isSuccess && rows.length === 0 && (
                    <TableRow>
                      <TableCell
                        colSpan={columns}
                        sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                        data-testid="gallon-thresholds-empty"
                      >
                        {search.trim() === ''
                          ? t('fleetSettings.thresholds.empty')
                          : t('fleetSettings.thresholds.noMatch')}
                      </TableCell>
                    </TableRow>
                  )}
                  {rows.map((row) => {
                    const place = placeOf(row) || t('fleetSettings.thresholds.notAssigned');
                    const value = t('fleetSettings.thresholds.perDay', {
                      value: numberFormats(i18n.language).precise(row.value),
                    });
                    return (
                      <TableRow
                        key={row.id}
                        data-testid="gallon-threshold-row"
                        data-mac={row.mac_address}
                      >
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>
                          <Box component="span" sx={{ fontFamily: 'monospace', fontSize: 13 }}>
                            {row.mac_address}
                          </Box>
                          {phone && (
                            <>
                              <Typography variant="body2" data-testid="gallon-threshold-value">
                                {value}
                              </Typography>
                              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                                {place}
                              </Typography>
                            </>
                          )}
                        </TableCell>
                        {!phone && (
                          <>
                            <TableCell>{place}</TableCell>
                            <TableCell
                              sx={{ whiteSpace: 'nowrap' }}
                              data-testid="gallon-threshold-value"
                            >
                              {value}
                            </TableCell>
                          </>
                        )}
                        {canEdit && (
                          <TableCell align="right" sx={{ px: { xs: 1, sm: 2 } }}>
                            <Stack
                              direction={phone ? 'column' : 'row'}
                              spacing={phone ? 0.5 : 1}
                              sx={{ alignItems: 'flex-end', justifyContent: 'flex-end' }}
                            >
                              <Button
                                size="small"
                                onClick={() => setDialog({ threshold: row })}
                                aria-label={t('fleetSettings.thresholds.editFor', {
                                  mac: row.mac_address,
                                })}
                                sx={{ minWidth: 0 }}
                              >
                                {t('fleetSettings.thresholds.edit')}
                              </Button>
                              <Button
                                size="small"
                                color="error"
                                onClick={() => setDeleting(row)}
                                aria-label={t('fleetSettings.thresholds.deleteFor', {
                                  mac: row.mac_address,
                                })}
                                data-testid="delete-gallon-threshold"
                                sx={{ minWidth: 0 }}
                              >
                                {t('fleetSettings.thresholds.delete')}
                              </Button>
                            </Stack>
                          </TableCell>
                        )}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination
              total={total}
              page={page}
              limit={limit}
              sizes={PAGE_SIZES}
              label={t('fleetSettings.thresholds.rowsPerPage')}
              onChange={change}
            />
          </>
        )}
      </Paper>
      {canEdit && (
        <GallonThresholdDialog
          open={dialog !== null}
          threshold={dialog?.threshold ?? null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmationDialog
        open={deleting !== null}
        title={t('fleetSettings.thresholds.deleteTitle')}
        text={t('fleetSettings.thresholds.deleteText', { mac: deleting?.mac_address ?? '' })}
        okLabel={t('fleetSettings.thresholds.delete')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
