// The dashboard's nudge for a person whose alerts reach no one: while they have no notification
// contact, it says so and links to their contacts in Settings. Shown only once the contacts are
// known to be none (nothing while loading or when they cannot be read), and hidden for good, in
// this browser, once dismissed. The caller shows it only to roles that may add contacts. It
// arrives after the page's first paint, so it floats at the bottom of the screen instead of
// pushing the figures down under the person's finger — on the right, clear of the side menu, and
// below dialogs, so it never covers the buttons of one opened over the dashboard (a snackbar
// otherwise sits above them).
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { readStoredValue, writeStoredValue } from '@/lib/browser-storage';
import { notificationContactsQueryOptions } from '../api/get-notification-contacts';

/** Where the prompt links: the contacts section of the settings page. */
export const CONTACTS_SETTINGS_PATH = '/settings#contacts';

const dismissedKey = (userId: number) => `flowsight.contactPrompt.dismissed.${userId}`;

export type AddContactPromptProps = { userId: number };

export function AddContactPrompt({ userId }: AddContactPromptProps) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => readStoredValue(dismissedKey(userId)) === '1');
  const contacts = useQuery({ ...notificationContactsQueryOptions(userId), enabled: !dismissed });
  if (dismissed || !contacts.isSuccess || contacts.data.length > 0) return null;

  const dismiss = () => {
    writeStoredValue(dismissedKey(userId), '1');
    setDismissed(true);
  };
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      sx={{ maxWidth: { sm: 520 }, zIndex: (theme) => theme.zIndex.appBar }}
    >
      <Alert
        severity="info"
        variant="outlined"
        onClose={dismiss}
        closeText={t('usage.dashboard.contactPrompt.dismiss')}
        data-testid="add-contact-prompt"
        sx={{
          borderRadius: 3,
          alignItems: 'flex-start',
          bgcolor: 'background.paper',
          boxShadow: 6,
        }}
      >
        <AlertTitle>{t('usage.dashboard.contactPrompt.title')}</AlertTitle>
        {t('usage.dashboard.contactPrompt.text')}
        <div>
          <Button
            component={RouterLink}
            to={CONTACTS_SETTINGS_PATH}
            size="small"
            variant="outlined"
            sx={{ mt: 1 }}
          >
            {t('usage.dashboard.contactPrompt.action')}
          </Button>
        </div>
      </Alert>
    </Snackbar>
  );
}
