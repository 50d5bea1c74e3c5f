// The answers not saved yet, listed above the form whatever unit is shown: which unit, fixture and
// question, the answer given, and its state; "Retry all" tries every failed one again. Nothing is
// shown once all are saved.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useUnitTitle } from '@/lib/unit-title';
import type { QueuedAnswer } from '../hooks/use-answer-queue';
import { useSurveyFormat } from '../utils/survey-format';

export type UnsavedAnswersProps = {
  unsaved: readonly QueuedAnswer[];
  /** The building's units, to name each answer's unit. */
  units: readonly { unit_id: number; name: string }[];
  onRetryAll: () => void;
};

export function UnsavedAnswers({ unsaved, units, onRetryAll }: UnsavedAnswersProps) {
  const { t } = useTranslation();
  const title = useUnitTitle();
  const unitName = (id: number) =>
    title(units.find((unit) => unit.unit_id === id)?.name ?? String(id));
  const format = useSurveyFormat();
  if (unsaved.length === 0) return null;
  const failed = unsaved.some((answer) => answer.state === 'failed');
  return (
    <Alert
      severity={failed ? 'error' : 'info'}
      data-testid="unsaved-answers"
      action={
        failed && (
          <Button color="inherit" onClick={onRetryAll} data-testid="retry-all">
            {t('survey.form.retryAll')}
          </Button>
        )
      }
    >
      <AlertTitle>{t('survey.form.unsaved', { n: format.count(unsaved.length) })}</AlertTitle>
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {unsaved.map(({ key, body, state }) => (
          <li key={key}>
            {[
              unitName(body.unit_id),
              format.fixture(body.appliance_type_id),
              t(`survey.questions.${body.item}`),
              body.value,
            ].join(' · ')}{' '}
            ({state === 'failed' ? t('survey.form.notSaved') : t('survey.form.saving')})
          </li>
        ))}
      </ul>
    </Alert>
  );
}
