// The building's Survey tab (spec sections 2–4): the survey's status, progress and the
// micrometers it calls for, the transitions the role may start, the DX plan and the history, then
// the installers and shipping panels. The unit-by-unit form opens full screen over it from the
// address (`?form=survey`, `&unit=` the unit), so a reload or the back button keeps the place.
// The tab keeps the answers on their way: closing the form stops no save, and what is not saved
// yet stays listed here.
// The building comes from the address, so the tab needs nothing from the portfolio feature.
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddressSearch } from '@/lib/address-search';
import { errorMessages } from '@/lib/api-error';
import { useSignedInSession } from '@/lib/session';
import { useBuildingSurvey } from '../api/get-building-survey';
import { InstallersPanel } from '../components/installers-panel';
import { ShippingPanel } from '../components/shipping-panel';
import { SurveyActions } from '../components/survey-actions';
import { SurveyFormDialog } from '../components/survey-form-dialog';
import { DxPlanCard, SurveyHistory } from '../components/survey-history';
import { SurveySummary } from '../components/survey-summary';
import { UnsavedAnswers } from '../components/unsaved-answers';
import { useAnswerQueue } from '../hooks/use-answer-queue';
import { useSurveyPermissions } from '../utils/survey-permissions';

const FORM_PARAM = 'form';
const UNIT_PARAM = 'unit';

const idOf = (text: string | null | undefined): number | null => {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function BuildingSurveyTab() {
  const params = useParams();
  const buildingId = idOf(params.buildingId);
  const companyId = idOf(params.companyId);
  const propertyId = idOf(params.propertyId);
  if (buildingId === null || companyId === null || propertyId === null) return null;
  return (
    <SurveyTab
      key={buildingId}
      buildingId={buildingId}
      companyId={companyId}
      propertyId={propertyId}
    />
  );
}

type SurveyTabProps = { buildingId: number; companyId: number; propertyId: number };

function SurveyTab({ buildingId, companyId, propertyId }: SurveyTabProps) {
  const { t } = useTranslation();
  const { activeRole } = useSignedInSession();
  const may = useSurveyPermissions(activeRole.user_role_type_id);
  const survey = useBuildingSurvey(buildingId);
  const queue = useAnswerQueue(buildingId);
  const [search, setSearch] = useAddressSearch();
  const formOpen = search.get(FORM_PARAM) === 'survey';

  const openForm = (unitId: number | null, replace = false) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(FORM_PARAM, 'survey');
        if (unitId === null) next.delete(UNIT_PARAM);
        else next.set(UNIT_PARAM, String(unitId));
        return next;
      },
      { replace },
    );
  const closeForm = () =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      next.delete(FORM_PARAM);
      next.delete(UNIT_PARAM);
      return next;
    });

  if (survey.error !== null) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={<Button onClick={() => void survey.refetch()}>{t('survey.retry')}</Button>}
      >
        {t('survey.loadError')} {errorMessages(survey.error).join(' ')}
      </Alert>
    );
  }
  if (survey.data === undefined) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('survey.loading')}>
        <Skeleton variant="rounded" height={200} />
        <Skeleton variant="rounded" height={120} />
      </Stack>
    );
  }
  const data = survey.data;
  const mayAnswer = may.answer && data.actions.includes('answer');
  return (
    <Stack spacing={2} data-testid="survey-tab">
      {!formOpen && (
        <UnsavedAnswers unsaved={queue.unsaved} units={data.units} onRetryAll={queue.retryFailed} />
      )}
      <SurveySummary
        survey={data}
        onOpenForm={mayAnswer ? () => openForm(null) : undefined}
        actions={<SurveyActions survey={data} />}
      />
      {data.dx_plan !== null && <DxPlanCard plan={data.dx_plan} />}
      <InstallersPanel buildingId={buildingId} companyId={companyId} may={may} />
      <ShippingPanel buildingId={buildingId} propertyId={propertyId} may={may} />
      <SurveyHistory history={data.history} />
      {formOpen && (
        <SurveyFormDialog
          survey={data}
          unitId={idOf(search.get(UNIT_PARAM))}
          mayAnswer={may.answer}
          mayUpload={may.uploadPhoto}
          queue={queue}
          onUnitChange={(unitId) => openForm(unitId, true)}
          onClose={closeForm}
        />
      )}
    </Stack>
  );
}
