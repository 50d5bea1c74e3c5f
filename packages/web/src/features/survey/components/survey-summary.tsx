// The survey at a glance: its status, how many units are surveyed ("12 of 40 units surveyed"),
// the micrometers needed by size, and the way into the unit-by-unit form for those who survey.

import type { BuildingSurvey } from '@flowsight/domain/survey';
import { micrometerTotal } from '@flowsight/domain/survey';
import AssignmentRounded from '@mui/icons-material/AssignmentRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSurveyFormat } from '../utils/survey-format';
import { MicrometerSizes } from './micrometer-sizes';
import { SurveyCard } from './survey-card';

export type SurveySummaryProps = {
  survey: BuildingSurvey;
  /** Opens the survey form; absent when the role may not answer or the survey is closed. */
  onOpenForm?: () => void;
  /** The transitions the role may start. */
  actions: ReactNode;
};

const statusColor = ['default', 'warning', 'success', 'info'] as const;

export function SurveySummary({ survey, onOpenForm, actions }: SurveySummaryProps) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  const { surveyed, units } = survey.progress;
  const share = units === 0 ? 0 : (surveyed / units) * 100;
  const needed = micrometerTotal(survey.micrometers_needed);
  return (
    <SurveyCard title={t('survey.title')} actions={actions} data-testid="survey-summary">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip
          label={format.status(survey.status)}
          color={statusColor[survey.status] ?? 'default'}
          data-testid="survey-status"
        />
        {survey.updated_at !== null && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('survey.updatedAt', { at: format.at(survey.updated_at) })}
          </Typography>
        )}
      </Stack>
      <Stack spacing={1}>
        <Typography data-testid="survey-progress">
          {t('survey.progress', {
            surveyed: format.count(surveyed),
            units: format.count(units),
          })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={share}
          aria-label={t('survey.progressLabel')}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Stack>
      {needed === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('survey.noneNeededYet')}</Typography>
      ) : (
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            {t('survey.needed', { n: format.count(needed) })}
          </Typography>
          <MicrometerSizes bySize={survey.micrometers_needed} empty={t('survey.noneNeeded')} />
        </Stack>
      )}
      {onOpenForm !== undefined && (
        <Button
          variant="contained"
          size="large"
          startIcon={<AssignmentRounded />}
          onClick={onOpenForm}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="open-survey-form"
        >
          {surveyed === 0 ? t('survey.start') : t('survey.continue')}
        </Button>
      )}
    </SurveyCard>
  );
}
