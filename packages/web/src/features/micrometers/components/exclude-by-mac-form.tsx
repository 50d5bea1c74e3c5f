// "Exclude a micrometer by MAC" on /micrometers/excluded (system roles): a micrometer is left out of
// alerts by typing (or pasting) its MAC, with or without separators, without finding it in a list
// first. The server's answer (an unknown MAC, a refusal) shows under the field.
import { normalizeMac } from '@flowsight/domain/mac';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { useExcludeMicrometerByMac } from '../api/exclude-micrometer-by-mac';
import { useMicrometerErrorText } from '../utils/micrometer-messages';

export function ExcludeByMacForm() {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const exclusion = useExcludeMicrometerByMac();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  if (
    !mayCallRoute(
      'PUT /sensors/notification-excluded/mac/:mac/:status',
      activeRole.user_role_type_id,
    )
  ) {
    return null;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mac = normalizeMac(value);
    if (mac === null) {
      setProblem(t('micrometers.excludeByMac.invalid'));
      return;
    }
    setProblem(null);
    exclusion.mutate(mac, {
      onSuccess: (updated) => {
        setValue('');
        showMessage(t('micrometers.excluded.excludedDone', { mac: updated.mac_address }));
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={1.5}
        data-testid="exclude-by-mac"
        aria-labelledby={titleId}
      >
        <Typography variant="subtitle2" component="h2" id={titleId}>
          {t('micrometers.excludeByMac.title')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('micrometers.excludeByMac.label')}
            placeholder={t('micrometers.excludeByMac.placeholder')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={problem !== null}
            helperText={problem}
            sx={{ flex: 1, minWidth: 0, width: { xs: '100%', sm: 'auto' } }}
            slotProps={{
              htmlInput: { autoComplete: 'off', spellCheck: false, 'data-testid': 'exclude-mac' },
              formHelperText: { sx: { whiteSpace: 'pre-line' } },
            }}
          />
          <Button type="submit" variant="contained" loading={exclusion.isPending}>
            {t('micrometers.excludeByMac.submit')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
