// A building's survey state as a chip (spec section 2): 'In Survey' while in progress, 'Survey
// approved by customer' once approved; nothing for no survey or a completed one.
import { SurveyStatus } from '@flowsight/domain/lookups';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

export type SurveyChipProps = { status: number; size?: 'small' | 'medium' };

export function SurveyChip({ status, size = 'medium' }: SurveyChipProps) {
  const { t } = useTranslation();
  const chip =
    status === SurveyStatus.InProgress
      ? ({ color: 'warning', label: t('portfolio.survey.inSurvey') } as const)
      : status === SurveyStatus.ApprovedByCustomer
        ? ({ color: 'success', label: t('portfolio.survey.approved') } as const)
        : null;
  if (chip === null) return null;
  return <Chip size={size} color={chip.color} label={chip.label} data-testid="survey-chip" />;
}
