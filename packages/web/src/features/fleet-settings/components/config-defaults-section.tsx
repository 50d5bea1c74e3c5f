// The configuration defaults: each parameter with its unit, allowed range and default value;
// system admins change a value in a small dialog.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditButton } from '@/components/edit-button';
import { errorMessages } from '@/lib/api-error';
import { numberFormats } from '@/lib/number-format';
import { type ConfigDefault, useConfigDefaults } from '../api/get-config-defaults';
import { useFleetMessage } from '../utils/messages';
import { ConfigDefaultDialog } from './config-default-dialog';

export type ConfigDefaultsSectionProps = { canEdit: boolean };

export function ConfigDefaultsSection({ canEdit }: ConfigDefaultsSectionProps) {
  const { t, i18n } = useTranslation();
  const translate = useFleetMessage();
  const defaults = useConfigDefaults();
  const [editing, setEditing] = useState<ConfigDefault | null>(null);
  const nameOf = (param: ConfigDefault) =>
    t(
      `fleetSettings.configDefaults.params.${param.id}` as 'fleetSettings.configDefaults.params.1',
      {
        defaultValue: param.name,
      },
    );
  const number = (value: number) => numberFormats(i18n.language).precise(value);
  const head = { fontWeight: 600, whiteSpace: 'nowrap' } as const;

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="config-defaults-title">
      <Typography id="config-defaults-title" variant="h6" component="h2" sx={{ fontSize: 18 }}>
        {t('fleetSettings.configDefaults.sectionTitle')}
      </Typography>
      {!canEdit && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('fleetSettings.configDefaults.readOnly')}
        </Typography>
      )}
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        {defaults.isFetching && <LinearProgress aria-label={t('common.loading')} />}
        {defaults.isError ? (
          <Stack spacing={2} sx={{ p: 3, alignItems: 'flex-start' }}>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              {t('fleetSettings.configDefaults.loadError')}{' '}
              {errorMessages(defaults.error).map(translate).join(' ')}
            </Alert>
            <Button onClick={() => void defaults.refetch()}>{t('fleetSettings.retry')}</Button>
          </Stack>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={t('fleetSettings.configDefaults.tableLabel')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={head}>
                    {t('fleetSettings.configDefaults.columns.parameter')}
                  </TableCell>
                  <TableCell sx={{ ...head, display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('fleetSettings.configDefaults.columns.range')}
                  </TableCell>
                  <TableCell sx={head}>{t('fleetSettings.configDefaults.columns.value')}</TableCell>
                  {canEdit && (
                    <TableCell sx={head} align="right">
                      {t('fleetSettings.configDefaults.columns.actions')}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {defaults.isPending && (
                  <TableRow>
                    <TableCell colSpan={4} sx={{ py: 4, textAlign: 'center' }}>
                      {t('common.loading')}
                    </TableCell>
                  </TableRow>
                )}
                {(defaults.data ?? []).map((param) => {
                  const range = t('fleetSettings.configDefaults.range', {
                    min: number(param.min_value),
                    max: number(param.max_value),
                    unit: param.unit,
                  });
                  return (
                    <TableRow
                      key={param.id}
                      data-testid="config-default-row"
                      data-param-id={param.id}
                    >
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {nameOf(param)}
                        </Typography>
                        <Typography
                          variant="caption"
                          sx={{ color: 'text.secondary', display: { sm: 'none' } }}
                        >
                          {range}
                        </Typography>
                      </TableCell>
                      <TableCell
                        sx={{ whiteSpace: 'nowrap', display: { xs: 'none', sm: 'table-cell' } }}
                      >
                        {range}
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="config-default-value">
                        {t('fleetSettings.configDefaults.valueWithUnit', {
                          value: number(param.value),
                          unit: param.unit,
                        })}
                      </TableCell>
                      {canEdit && (
                        <TableCell align="right">
                          {param.editable ? (
                            <EditButton
                              label={t('fleetSettings.configDefaults.edit')}
                              name={t('fleetSettings.configDefaults.editFor', {
                                name: nameOf(param),
                              })}
                              onClick={() => setEditing(param)}
                              testId="edit-config-default"
                            />
                          ) : (
                            <Chip size="small" label={t('fleetSettings.configDefaults.locked')} />
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
      {canEdit && (
        <ConfigDefaultDialog
          param={editing}
          name={editing ? nameOf(editing) : ''}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
