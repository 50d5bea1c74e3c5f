// /companies/{c}/properties/{p}/users (spec section 2): the property page's users tab — the users
// list with its actions, narrowed to the people whose roles reach the property (company-wide roles
// of its company, roles on the property, its buildings or units). Loaded with the users list's
// code, not the property page's.
import type { PropertyDetail } from '@/features/portfolio/api/get-records';
import { useRecord } from '@/features/portfolio/routes/record-page-parts';
import { UsersPage } from './users-page';

export function PropertyUsersTab() {
  const property = useRecord<PropertyDetail>();
  return <UsersPage propertyId={property.id} />;
}
