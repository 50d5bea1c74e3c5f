// The building's shipping (spec section 3, BuildingShipping and BuildingShippingContactInfo): its
// shipments by date — planned ones ahead marked — with carrier, tracking number, micrometers by
// size and MACs; recording one; the property's shipping date; and the shipping contact.
import LocalShippingRounded from '@mui/icons-material/LocalShippingRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePropertyShippingDate } from '../api/get-property-shipping-date';
import { useShipments } from '../api/get-shipments';
import { useShippingContact } from '../api/shipping-contact';
import { useSurveyFormat } from '../utils/survey-format';
import type { SurveyPermissions } from '../utils/survey-permissions';
import { MicrometerSizes } from './micrometer-sizes';
import { QueryState } from './query-state';
import { ShipmentDialog } from './shipment-dialog';
import { ShippingContactForm } from './shipping-contact-form';
import { SurveyCard } from './survey-card';

export type ShippingPanelProps = { buildingId: number; propertyId: number; may: SurveyPermissions };

/** Today as 'YYYY-MM-DD' where the reader is: a shipment on or after it is planned. */
const today = () => new Date().toLocaleDateString('en-CA');

export function ShippingPanel({ buildingId, propertyId, may }: ShippingPanelProps) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  const shipments = useShipments(buildingId);
  const contact = useShippingContact(buildingId);
  const propertyDate = usePropertyShippingDate(propertyId);
  const [recording, setRecording] = useState(false);
  return (
    <SurveyCard
      title={t('survey.shipping.title')}
      data-testid="shipping-panel"
      actions={
        may.ship && (
          <Button
            startIcon={<LocalShippingRounded />}
            onClick={() => setRecording(true)}
            data-testid="record-shipment"
          >
            {t('survey.shipping.record')}
          </Button>
        )
      }
    >
      <QueryState query={shipments}>
        {(rows) =>
          rows.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('survey.shipping.empty')}</Typography>
          ) : (
            <List disablePadding>
              {rows.map((shipment, index) => (
                <ListItem
                  key={shipment.id}
                  disableGutters
                  // The contact below has its own divider.
                  divider={index < rows.length - 1}
                  data-testid={`shipment-${shipment.id}`}
                  sx={{ display: 'block' }}
                >
                  <Stack spacing={1}>
                    <Stack
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
                    >
                      <Typography sx={{ fontWeight: 600 }}>
                        {format.day(shipment.shipped_on)}
                      </Typography>
                      {shipment.shipped_on >= today() && (
                        <Chip size="small" color="info" label={t('survey.shipping.planned')} />
                      )}
                      <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                        {[shipment.carrier, shipment.tracking_number].filter(Boolean).join(' · ')}
                      </Typography>
                    </Stack>
                    <MicrometerSizes bySize={shipment.micrometers} empty={t('survey.noneNeeded')} />
                    {shipment.macs.length > 0 && (
                      <Typography
                        variant="body2"
                        sx={{
                          color: 'text.secondary',
                          fontFamily: 'monospace',
                          overflowWrap: 'anywhere',
                        }}
                      >
                        {t('survey.shipping.macList', { macs: shipment.macs.join(', ') })}
                      </Typography>
                    )}
                  </Stack>
                </ListItem>
              ))}
            </List>
          )
        }
      </QueryState>
      {propertyDate.data?.shipping_date != null && (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary' }}
          data-testid="property-shipping-date"
        >
          {t(
            propertyDate.data.planned
              ? 'survey.shipping.propertyNext'
              : 'survey.shipping.propertyLast',
            {
              date: format.day(propertyDate.data.shipping_date),
            },
          )}
        </Typography>
      )}
      <Divider />
      <Typography variant="subtitle1" component="h3">
        {t('survey.contact.title')}
      </Typography>
      <QueryState query={contact}>
        {(data) => (
          <ShippingContactForm buildingId={buildingId} contact={data} editable={may.saveContact} />
        )}
      </QueryState>
      {recording && <ShipmentDialog buildingId={buildingId} onClose={() => setRecording(false)} />}
    </SurveyCard>
  );
}
