// `/survey-approval/:buildingId/:token` (public): the page behind the survey email's approval
// link. Opening it changes nothing; it shows what the customer approves — the building, units
// surveyed, fixtures and micrometers needed by size — and only the "Approve survey" button uses
// the link, once. A link that cannot be used (unknown, used, expired, or the survey moved on) says
// why, in the server's words.
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessages } from '@/lib/api-error';
import {
  type SurveyApprovalLink,
  useApproveSurvey,
  useSurveyApproval,
} from '../api/survey-approval';
import { MicrometerSizes } from '../components/micrometer-sizes';
import { useSurveyFormat } from '../utils/survey-format';

export function SurveyApprovalPage() {
  const { t } = useTranslation();
  const params = useParams();
  const link = { buildingId: Number(params.buildingId), token: params.token ?? '' };
  const wellFormed = Number.isInteger(link.buildingId) && link.buildingId > 0 && link.token !== '';
  const answer = useSurveyApproval(link, wellFormed);
  const approve = useApproveSurvey(link);

  if (!wellFormed) return <Unusable message={t('survey.approval.invalid')} />;
  if (answer.isPending) return <PageLoader />;
  if (answer.isError) return <Unusable message={errorMessages(answer.error).join(' ')} />;
  if (approve.isSuccess) {
    return (
      <ApprovalCard
        icon={<TaskAltRounded color="success" />}
        title={t('survey.approval.doneTitle')}
      >
        <Typography data-testid="survey-approved">
          {t('survey.approval.done', { building: answer.data.survey?.building_name ?? '' })}
        </Typography>
      </ApprovalCard>
    );
  }
  if (!answer.data.valid || answer.data.survey === null) {
    return <Unusable message={answer.data.message ?? t('survey.approval.invalid')} />;
  }
  return (
    <ApprovalCard icon={<FactCheckOutlined color="primary" />} title={t('survey.approval.title')}>
      <SurveyFacts survey={answer.data.survey} />
      {approve.isError && (
        <Alert severity="error" role="alert" data-testid="approval-refused">
          {errorMessages(approve.error).join(' ')}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        loading={approve.isPending}
        onClick={() => approve.mutate()}
        data-testid="approve-survey"
      >
        {t('survey.approval.approve')}
      </Button>
    </ApprovalCard>
  );
}

function SurveyFacts({ survey }: { survey: NonNullable<SurveyApprovalLink['survey']> }) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  return (
    <Stack spacing={1} data-testid="approval-facts">
      <Typography variant="h6" component="h2">
        {survey.building_name}
      </Typography>
      <Typography>
        {t('survey.progress', {
          surveyed: format.count(survey.progress.surveyed),
          units: format.count(survey.progress.units),
        })}
      </Typography>
      <Typography>{t('survey.approval.fixtures', { n: format.count(survey.fixtures) })}</Typography>
      <MicrometerSizes bySize={survey.micrometers_needed} empty={t('survey.noneNeededYet')} />
      <Typography sx={{ color: 'text.secondary' }}>{t('survey.approval.text')}</Typography>
    </Stack>
  );
}

function Unusable({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <ApprovalCard icon={<LinkOffOutlined color="error" />} title={t('survey.approval.unusable')}>
      <Alert severity="warning" data-testid="approval-unusable">
        {message}
      </Alert>
    </ApprovalCard>
  );
}

type ApprovalCardProps = { icon: ReactNode; title: string; children: ReactNode };

function ApprovalCard({ icon, title, children }: ApprovalCardProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 560, mx: 'auto' }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          {icon}
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}
