// The survey's history, newest first: each transition with when, who, the statuses it moved
// between, and its detail (the reopen reason, or to whom the survey was sent); and the DX plan
// once signed off.
import type { BuildingSurvey, DxPlan } from '@flowsight/domain/survey';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSurveyFormat } from '../utils/survey-format';
import { MicrometerSizes } from './micrometer-sizes';
import { SurveyCard } from './survey-card';

export type SurveyHistoryProps = { history: BuildingSurvey['history'] };

export function SurveyHistory({ history }: SurveyHistoryProps) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  const newestFirst = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <SurveyCard title={t('survey.history.title')} data-testid="survey-history">
      {newestFirst.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('survey.history.empty')}</Typography>
      ) : (
        <List disablePadding>
          {newestFirst.map((entry) => (
            <ListItem key={`${entry.at}-${entry.action}`} disableGutters divider>
              <ListItemText
                primary={t(`survey.history.${entry.action}`, {
                  from: format.status(entry.from_status),
                  to: format.status(entry.to_status),
                })}
                secondary={[
                  format.at(entry.at),
                  entry.user_name ?? t('survey.history.someone'),
                  entry.detail,
                ]
                  .filter((part) => part !== null && part !== '')
                  .join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </SurveyCard>
  );
}

export type DxPlanCardProps = { plan: DxPlan };

export function DxPlanCard({ plan }: DxPlanCardProps) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  return (
    <SurveyCard title={t('survey.plan.title')} data-testid="dx-plan">
      <MicrometerSizes bySize={plan.micrometers} empty={t('survey.noneNeeded')} />
      <Stack spacing={0.5}>
        <Typography>
          {t('survey.plan.date', { date: format.day(plan.planned_installation_date) })}
        </Typography>
        {plan.notes !== null && (
          <Typography sx={{ whiteSpace: 'pre-wrap' }}>{plan.notes}</Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('survey.plan.approved', {
            by: plan.approved_by_name ?? t('survey.history.someone'),
            at: format.at(plan.approved_at),
          })}
        </Typography>
      </Stack>
    </SurveyCard>
  );
}
