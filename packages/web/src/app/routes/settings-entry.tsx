// /settings: the settings feature's page with the person's own notification contacts from the
// users feature — composed here, since features do not import each other.
import { SettingsPage } from '@/features/settings/routes/settings-page';
import { NotificationContactsPanel } from '@/features/users/components/notification-contacts-panel';
import { contactsAccess, fixedCompanyId } from '@/features/users/utils/role-placement';
import { useSignedInSession } from '@/lib/session';

export function SettingsEntry() {
  const { activeRole } = useSignedInSession();
  const access = contactsAccess(activeRole);
  return (
    <SettingsPage
      renderNotificationContacts={
        access.read
          ? ({ userId }) => (
              <NotificationContactsPanel
                userId={userId}
                editable={access.write}
                companyId={fixedCompanyId(activeRole)}
              />
            )
          : undefined
      }
    />
  );
}
