// The building's shipping contact: who receives the micrometers, and where. Those who keep
// shipments edit it in place (the name is required, the email checked); others read it.
import type { ShippingContact } from '@flowsight/domain/survey';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessages } from '@/lib/api-error';
import { useSaveShippingContact } from '../api/shipping-contact';

const fields = ['name', 'phone', 'email', 'street', 'postal'] as const;
type Field = (typeof fields)[number];
type ContactTexts = Record<Field, string>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const maxLength: Record<Field, number> = {
  name: 120,
  phone: 40,
  email: 254,
  street: 200,
  postal: 20,
};

const textsOf = (contact: ShippingContact | null): ContactTexts => ({
  name: contact?.name ?? '',
  phone: contact?.phone ?? '',
  email: contact?.email ?? '',
  street: contact?.street ?? '',
  postal: contact?.postal ?? '',
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export type ShippingContactFormProps = {
  buildingId: number;
  contact: ShippingContact | null;
  editable: boolean;
};

export function ShippingContactForm({ buildingId, contact, editable }: ShippingContactFormProps) {
  const { t } = useTranslation();
  const save = useSaveShippingContact(buildingId);
  const [texts, setTexts] = useState(() => textsOf(contact));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  if (!editable) {
    return contact === null ? (
      <Typography sx={{ color: 'text.secondary' }}>{t('survey.contact.none')}</Typography>
    ) : (
      <Typography sx={{ whiteSpace: 'pre-line' }} data-testid="shipping-contact">
        {[contact.name, contact.phone, contact.email, contact.street, contact.postal]
          .filter((part) => part !== null && part !== '')
          .join('\n')}
      </Typography>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (orNull(texts.name) === null) found.name = t('survey.contact.nameRequired');
    const email = orNull(texts.email);
    if (email !== null && !EMAIL_PATTERN.test(email))
      found.email = t('survey.contact.emailInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      name: texts.name.trim(),
      phone: orNull(texts.phone),
      email,
      street: orNull(texts.street),
      postal: orNull(texts.postal),
      city_id: contact?.city_id ?? null,
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="shipping-contact-form">
      <Stack spacing={2}>
        {save.error !== null && (
          <Alert severity="error" role="alert">
            {errorMessages(save.error).join(' ')}
          </Alert>
        )}
        {save.isSuccess && <Alert severity="success">{t('survey.contact.saved')}</Alert>}
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}
        >
          {fields.map((field) => (
            <TextField
              key={field}
              label={t(`survey.contact.${field}`)}
              value={texts[field]}
              required={field === 'name'}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              onChange={(event) => setTexts({ ...texts, [field]: event.target.value })}
              error={errors[field] !== undefined}
              helperText={errors[field]}
              slotProps={{
                htmlInput: { maxLength: maxLength[field], 'data-testid': `contact-${field}` },
              }}
            />
          ))}
        </Box>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="contact-save"
        >
          {t('survey.contact.save')}
        </Button>
      </Stack>
    </Box>
  );
}
