// "Which micrometer?": a MAC field (16 hex digits, with or without ':' or '-', any case) and a
// Find button; an unreadable MAC is said under the field instead of being sent.
import { normalizeMac } from '@flowsight/domain/mac';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type MacFinderProps = {
  /** The MAC the address names, shown in the field. */
  initial: string;
  onFind: (mac: string) => void;
  busy?: boolean;
};

export function MacFinder({ initial, onFind, busy = false }: MacFinderProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const mac = normalizeMac(text);
        setInvalid(mac === null);
        if (mac !== null) {
          setText(mac);
          onFind(mac);
        }
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label={t('micrometers.finder.label')}
          placeholder={t('micrometers.finder.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          error={invalid}
          helperText={invalid ? t('micrometers.finder.invalid') : undefined}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            htmlInput: {
              autoCapitalize: 'characters',
              spellCheck: false,
              'data-testid': 'mac-input',
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchRounded />}
          loading={busy}
          sx={{ height: 56 }}
          data-testid="mac-find"
        >
          {t('micrometers.finder.find')}
        </Button>
      </Stack>
    </Box>
  );
}
