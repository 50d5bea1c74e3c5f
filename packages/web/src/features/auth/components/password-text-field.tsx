import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormTextField, type FormTextFieldProps } from './form-text-field';

export type PasswordTextFieldProps = Omit<FormTextFieldProps, 'type' | 'endAdornment'> & {
  autoComplete: 'current-password' | 'new-password';
};

/** A password field whose text can be shown while typing, to catch typos on a phone. */
export function PasswordTextField(props: PasswordTextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggleLabel = visible ? t('auth.fields.hidePassword') : t('auth.fields.showPassword');

  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            edge="end"
            aria-label={toggleLabel}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
