// The company page's "Billed for properties of other companies": each property links to its page;
// the roles the access table lets bill a company (system admins and support) add one — chosen by
// its company, then the property — and remove one after a confirmation. The server's refusal (a
// property the company owns, a link that is not there) is shown as it words it.

import { propertyPath } from '@flowsight/domain/paths';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { RecordPicker } from '@/components/record-picker';
import { errorMessages } from '@/lib/api-error';
import { useCompanyNames, usePlaceNames } from '@/lib/place-names';
import { useSignedInSession } from '@/lib/session';
import { useAddBillingProperty, useRemoveBillingProperty } from '../api/billing-properties';
import type { CompanyDetail } from '../api/get-records';
import { mayDo } from '../utils/access';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { OverviewCard } from './record-overview';

type BilledProperty = CompanyDetail['billing_properties'][number];

export type BillingPropertiesProps = { company: CompanyDetail };

export function BillingProperties({ company }: BillingPropertiesProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const mayAdd = mayDo(activeRole, 'addBillingProperty');
  const mayRemove = mayDo(activeRole, 'removeBillingProperty');
  const translate = useTranslatePortfolioMessage();
  const { showMessage } = useSnackbar();
  const removal = useRemoveBillingProperty();
  const [removing, setRemoving] = useState<BilledProperty | null>(null);
  const properties = company.billing_properties;
  if (properties.length === 0 && !mayAdd) return null;

  const confirmRemoval = () => {
    if (removing === null) return;
    removal.mutate(
      { companyId: company.id, propertyId: removing.id },
      {
        onSuccess: () => {
          showMessage(t('portfolio.billing.removed', { name: removing.name }));
          setRemoving(null);
        },
        onError: (error) => {
          showMessage(errorMessages(error).map(translate).join('\n'), 'error');
          setRemoving(null);
        },
      },
    );
  };

  return (
    <OverviewCard
      title={t('portfolio.overview.billing')}
      items={[]}
      data-testid="billing-properties"
    >
      {properties.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('portfolio.billing.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {properties.map((property) => (
            <ListItem
              key={property.id}
              disableGutters
              data-testid="billing-property"
              secondaryAction={
                mayRemove && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(property)}
                    aria-label={t('portfolio.billing.removeNamed', { name: property.name })}
                  >
                    {t('portfolio.billing.remove')}
                  </Button>
                )
              }
            >
              <Link component={RouterLink} to={propertyPath(property.company_id, property.id)}>
                {property.name}
              </Link>
            </ListItem>
          ))}
        </List>
      )}
      {mayAdd && <AddBillingProperty company={company} />}
      <ConfirmationDialog
        open={removing !== null}
        text={t('portfolio.billing.confirmRemove', {
          company: company.name,
          name: removing?.name ?? '',
        })}
        busy={removal.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setRemoving(null)}
      />
    </OverviewCard>
  );
}

function AddBillingProperty({ company }: BillingPropertiesProps) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const { showMessage } = useSnackbar();
  const add = useAddBillingProperty();
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const [propertyId, setPropertyId] = useState<number | null>(null);
  const companies = useCompanyNames();
  const owned = usePlaceNames('property', ownerId);
  const billed = new Set(company.billing_properties.map((property) => property.id));
  const owners = (companies.data ?? []).filter((owner) => owner.id !== company.id);
  const options = (owned.data ?? []).filter((property) => !billed.has(property.id));

  const submit = () => {
    if (propertyId === null) return;
    const name = options.find((property) => property.id === propertyId)?.name ?? '';
    add.mutate(
      { companyId: company.id, propertyId },
      {
        onSuccess: () => {
          showMessage(t('portfolio.billing.added', { name }));
          setPropertyId(null);
        },
      },
    );
  };

  return (
    <Stack spacing={1.5} sx={{ mt: 2 }} data-testid="add-billing-property">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} useFlexGap>
        <RecordPicker
          label={t('portfolio.billing.owner')}
          options={owners}
          value={ownerId}
          onChange={(id) => {
            setOwnerId(id);
            setPropertyId(null);
          }}
          loading={companies.isPending}
          loadingText={t('common.loading')}
          noOptionsText={t('portfolio.billing.noOptions')}
          size="small"
          data-testid="billing-owner"
        />
        <RecordPicker
          label={t('portfolio.billing.property')}
          options={options}
          value={propertyId}
          onChange={setPropertyId}
          loading={ownerId !== null && owned.isPending}
          disabled={ownerId === null}
          loadingText={t('common.loading')}
          noOptionsText={t('portfolio.billing.noOptions')}
          size="small"
          data-testid="billing-property-picker"
        />
        <Button
          variant="outlined"
          disabled={propertyId === null}
          loading={add.isPending}
          onClick={submit}
          sx={{ flexShrink: 0 }}
        >
          {t('portfolio.billing.add')}
        </Button>
      </Stack>
      {add.isError && (
        <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
          {errorMessages(add.error).map(translate).join('\n')}
        </Alert>
      )}
    </Stack>
  );
}
