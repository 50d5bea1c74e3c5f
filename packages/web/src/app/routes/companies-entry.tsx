// /companies: the list for system roles; company roles are sent to their own company
// (spec section 2, route table).
import { isCompanyRole } from '@flowsight/domain/roles';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { withEnglishPages } from '@/i18n/i18n';
import { useSignedInSession } from '@/lib/session';

// The list's code loads only for those who see it; company roles are redirected at once, with
// progress shown until their company's page is there.
const CompaniesPage = lazy(async () => ({
  default: (await withEnglishPages(import('@/features/portfolio/routes/list-pages'))).CompaniesPage,
}));

export function CompaniesEntry() {
  const { activeRole } = useSignedInSession();
  if (isCompanyRole(activeRole.user_role_type_id) && activeRole.company_id !== null) {
    // Progress stays on screen while the company page's code loads after the redirect.
    return (
      <>
        <Navigate to={`/companies/${activeRole.company_id}`} replace />
        <PageLoader />
      </>
    );
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <CompaniesPage />
    </Suspense>
  );
}
