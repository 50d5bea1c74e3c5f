// One answer's save state beside its question: "Saving…", "Saved", or "Not saved" with a Retry
// button (and the server's refusal, when it refused). Announced politely to screen readers.
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QueuedAnswer } from '../hooks/use-answer-queue';

export type AnswerStateProps = { answer: QueuedAnswer | undefined; onRetry: () => void };

export function AnswerState({ answer, onRetry }: AnswerStateProps) {
  const { t } = useTranslation();
  if (answer === undefined) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      role="status"
      aria-live="polite"
      sx={{ alignItems: 'center', minHeight: 32 }}
      data-testid="answer-state"
      data-state={answer.state}
    >
      {answer.state === 'saving' && (
        <>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t('survey.form.saving')}</Typography>
        </>
      )}
      {answer.state === 'saved' && (
        <>
          <CheckCircleRounded fontSize="small" color="success" aria-hidden />
          <Typography variant="body2" sx={{ color: 'success.main' }}>
            {t('survey.form.saved')}
          </Typography>
        </>
      )}
      {answer.state === 'failed' && (
        <>
          <ErrorRounded fontSize="small" color="error" aria-hidden />
          <Typography variant="body2" sx={{ color: 'error.main' }}>
            {answer.refusal === null
              ? t('survey.form.notSaved')
              : t('survey.form.refused', { reason: answer.refusal })}
          </Typography>
          <Button size="small" onClick={onRetry} data-testid="answer-retry">
            {t('survey.retry')}
          </Button>
        </>
      )}
    </Stack>
  );
}
