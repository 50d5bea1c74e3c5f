// Where a person on the bench or on site gives a micrometer's MAC: a large field that accepts the
// EUI with or without ':'/'-' in any case, a camera scan button where the browser can read
// barcodes, and a submit button. The callers word every label.

import { normalizeMac } from '@flowsight/domain/mac';
import QrCodeScannerRounded from '@mui/icons-material/QrCodeScannerRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, type Ref, useState } from 'react';
import {
  BarcodeScanDialog,
  type BarcodeScanLabels,
  barcodeScanSupported,
} from './barcode-scan-dialog';

export type MacEntryLabels = {
  field: string;
  placeholder: string;
  invalid: string;
  submit: string;
  scan: string;
  scanner: BarcodeScanLabels;
};

export type MacEntryFormProps = {
  value: string;
  onChange: (value: string) => void;
  /** Called with the normalised MAC (16 upper-case hex digits). */
  onSubmit: (mac: string) => void;
  labels: MacEntryLabels;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  busy?: boolean;
};

export function MacEntryForm({
  value,
  onChange,
  onSubmit,
  labels,
  inputRef,
  autoFocus,
  busy,
}: MacEntryFormProps) {
  const [scanning, setScanning] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const [scanSupported] = useState(barcodeScanSupported);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const mac = normalizeMac(value);
    setInvalid(mac === null);
    if (mac !== null) onSubmit(mac);
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5} data-testid="mac-entry">
      <TextField
        value={value}
        onChange={(event) => {
          setInvalid(false);
          onChange(event.target.value);
        }}
        label={labels.field}
        placeholder={labels.placeholder}
        error={invalid}
        helperText={invalid ? labels.invalid : undefined}
        inputRef={inputRef}
        autoFocus={autoFocus}
        fullWidth
        slotProps={{
          htmlInput: {
            autoCapitalize: 'characters',
            autoCorrect: 'off',
            autoComplete: 'off',
            spellCheck: false,
            enterKeyHint: 'go',
            style: { fontSize: 20, fontFamily: 'monospace', letterSpacing: 1 },
          },
        }}
      />
      <Stack direction="row" spacing={1.5}>
        {scanSupported && (
          <Button
            variant="outlined"
            size="large"
            startIcon={<QrCodeScannerRounded />}
            onClick={() => setScanning(true)}
            sx={{ minHeight: 56, flex: 1 }}
            data-testid="scan-barcode"
          >
            {labels.scan}
          </Button>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || value.trim() === ''}
          sx={{ minHeight: 56, flex: 1 }}
        >
          {labels.submit}
        </Button>
      </Stack>
      {scanSupported && (
        <BarcodeScanDialog
          open={scanning}
          labels={labels.scanner}
          onClose={() => setScanning(false)}
          onDetected={(mac) => {
            setScanning(false);
            setInvalid(false);
            onChange(mac);
            onSubmit(mac);
          }}
        />
      )}
    </Stack>
  );
}
