// /dashboard (company roles, not a restricted company: the shell's route rules keep others out,
// and the route manifest's guard sends a role without a company on): the usage feature's dashboard
// for the active role's company, with the users feature's prompt to add a notification contact
// for the roles that may add one — composed here, since features do not import each other. A role
// narrowed to a property or building sees its place named: the figures are that place's totals.
import { narrowedPlaceName } from '@flowsight/domain/web-access';
import { DashboardPage } from '@/features/usage/routes/company-dashboard';
import { AddContactPrompt } from '@/features/users/components/add-contact-prompt';
import { contactsAccess } from '@/features/users/utils/role-placement';
import { useSignedInSession } from '@/lib/session';

export function DashboardEntry() {
  const { activeRole, user } = useSignedInSession();
  // Never null behind the guard; the check keeps the type honest.
  if (activeRole.company_id === null) return null;
  return (
    <DashboardPage
      companyId={activeRole.company_id}
      companyName={activeRole.company_name}
      placeName={narrowedPlaceName(activeRole)}
      notice={contactsAccess(activeRole).write ? <AddContactPrompt userId={user.id} /> : null}
    />
  );
}
