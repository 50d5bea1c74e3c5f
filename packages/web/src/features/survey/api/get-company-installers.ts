// GET /users filtered to the company installers of the building's company: the people an installer
// assignment may name. A user counts when one of their roles is that company's installer.
import { RoleType } from '@flowsight/domain/lookups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';
import { surveyKeys } from './survey-keys';

/** More installers than a company has; the picker lists them all. */
const INSTALLERS_LIMIT = 100;

export async function getCompanyInstallers(companyId: number) {
  const page = dataOrThrow(
    await apiClient.GET('/users', {
      params: {
        query: {
          limit: INSTALLERS_LIMIT,
          sortBy: 'last_name:ASC',
          'filter.user_role_type_id': `$eq:${RoleType.CompanyInstaller}`,
          'filter.company_id': `$eq:${companyId}`,
        },
      },
    }),
  );
  return page.data.filter((user) =>
    user.roles.some(
      (role) =>
        role.user_role_type_id === RoleType.CompanyInstaller && role.company_id === companyId,
    ),
  );
}

export type CompanyInstaller = Awaited<ReturnType<typeof getCompanyInstallers>>[number];

export function companyInstallersQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: surveyKeys.companyInstallers(companyId),
    queryFn: () => getCompanyInstallers(companyId),
  });
}

/** Asked only while the assignment form is open (`enabled`). */
export const useCompanyInstallers = (companyId: number, enabled: boolean) =>
  useQuery({ ...companyInstallersQueryOptions(companyId), enabled });
