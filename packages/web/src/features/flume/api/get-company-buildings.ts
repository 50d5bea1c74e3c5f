// GET /buildings?filter.company_id=$eq:{id}: the buildings of an account's company, by name, for
// the picker a meter is linked with (a company's buildings fit one page of the list's maximum).
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dataOrThrow } from '@/lib/api-error';

/** The list's largest page (docs/api.md, lists). */
const MAX_PAGE = 500;

export async function getCompanyBuildings(companyId: number) {
  const page = dataOrThrow(
    await apiClient.GET('/buildings', {
      params: {
        query: { 'filter.company_id': `$eq:${companyId}`, limit: MAX_PAGE, sortBy: 'name:ASC' },
      },
    }),
  );
  return page.data;
}

export type CompanyBuilding = Awaited<ReturnType<typeof getCompanyBuildings>>[number];

export function useCompanyBuildings(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['flume-company-buildings', companyId],
    queryFn: () => getCompanyBuildings(companyId),
    enabled,
  });
}
