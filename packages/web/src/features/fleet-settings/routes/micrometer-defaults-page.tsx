// /micrometers/defaults (system roles): the sensor configuration defaults and the micrometers'
// own gallon thresholds. Who may change each follows the API's permission matrix.
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { mayCallRoute } from '@/lib/permissions';
import { useSignedInSession } from '@/lib/session';
import { ConfigDefaultsSection } from '../components/config-defaults-section';
import { GallonThresholdsSection } from '../components/gallon-thresholds-section';

export function MicrometerDefaultsPage() {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const roleTypeId = activeRole.user_role_type_id;
  return (
    <Stack spacing={4} data-testid="micrometer-defaults-page">
      <PageHeader
        title={t('fleetSettings.configDefaults.title')}
        intro={t('fleetSettings.configDefaults.intro')}
      />
      <ConfigDefaultsSection
        canEdit={mayCallRoute('PUT /sensors/config-defaults/:id/:value', roleTypeId)}
      />
      <GallonThresholdsSection
        canEdit={mayCallRoute('POST /sensors/gallon-thresholds', roleTypeId)}
      />
    </Stack>
  );
}
