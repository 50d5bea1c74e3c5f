// /companies (system roles), /properties and /buildings (spec section 2): every record of a
// level the caller may see. Companies are created here; properties and buildings are created
// from their parent's page, where the parent is known.

import { companyPath } from '@flowsight/domain/paths';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSignedInSession } from '@/lib/session';
import { CompanyFormDialog } from '../components/company-form-dialog';
import { BuildingList, CompanyList, PropertyList } from '../components/portfolio-lists';
import { mayDo } from '../utils/access';

function PageTitle({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, sm: 30 } }}>
      {children}
    </Typography>
  );
}

export function CompaniesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { activeRole } = useSignedInSession();
  const [creating, setCreating] = useState(false);
  return (
    <Stack spacing={3} data-testid="companies-page">
      <PageTitle>{t('portfolio.companies')}</PageTitle>
      <CompanyList
        newButton={
          mayDo(activeRole, 'createCompany')
            ? { label: t('portfolio.actions.newCompany'), onClick: () => setCreating(true) }
            : undefined
        }
      />
      {creating && (
        <CompanyFormDialog
          company={null}
          staffFields={mayDo(activeRole, 'editCompanyTypeAndAssignment')}
          onClose={() => setCreating(false)}
          onCreated={(company) => void navigate(`${companyPath(company.id)}/overview`)}
        />
      )}
    </Stack>
  );
}

export function PropertiesPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} data-testid="properties-page">
      <PageTitle>{t('portfolio.properties')}</PageTitle>
      <PropertyList companyId={null} />
    </Stack>
  );
}

export function BuildingsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3} data-testid="buildings-page">
      <PageTitle>{t('portfolio.buildings')}</PageTitle>
      <BuildingList propertyId={null} />
    </Stack>
  );
}
