// The unit-by-unit survey form, full screen (on a phone in a utility closet as on a desk): the
// building's progress, the unit being surveyed (the next unsurveyed one first), its fixtures'
// questions, its photos, and the answers not saved yet. Each answer is saved as it is given
// (`use-answer-queue.ts`, kept by the tab); closing the form never drops one — saving goes on,
// and what is unsaved stays listed and in the session.
import { applianceTypes } from '@flowsight/domain/lookups';
import {
  type BuildingSurvey,
  isFixtureComplete,
  isUnitSurveyed,
  surveyProgress,
} from '@flowsight/domain/survey';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnitTitle } from '@/lib/unit-title';
import type { AnswerQueue } from '../hooks/use-answer-queue';
import { mergedAnswers, nextUnit } from '../utils/merged-answers';
import { useSurveyFormat } from '../utils/survey-format';
import { FixtureQuestions } from './fixture-questions';
import { UnitPhotos } from './unit-photos';
import { UnsavedAnswers } from './unsaved-answers';

/** The notes "fixture" last: it is about the unit, not a fitting. */
const fixtures = [...applianceTypes].sort(
  (a, b) => Number(a.kind === 'notes') - Number(b.kind === 'notes'),
);

export type SurveyFormDialogProps = {
  survey: BuildingSurvey;
  /** The unit asked for in the address; null: the next unsurveyed one. */
  unitId: number | null;
  mayAnswer: boolean;
  mayUpload: boolean;
  /** The answers on their way, kept by the tab so closing the form stops no save. */
  queue: AnswerQueue;
  onUnitChange: (unitId: number) => void;
  onClose: () => void;
};

export function SurveyFormDialog({
  survey,
  unitId,
  mayAnswer,
  mayUpload,
  queue,
  onUnitChange,
  onClose,
}: SurveyFormDialogProps) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  const given = useMemo(
    () => [...queue.answers.values()].map((answer) => answer.body),
    [queue.answers],
  );
  const answers = useMemo(() => mergedAnswers(survey.answers, given), [survey.answers, given]);
  const unitIds = useMemo(() => survey.units.map((unit) => unit.unit_id), [survey.units]);
  const progress = surveyProgress(unitIds, answers);
  const surveyed = useMemo(
    () =>
      new Set(
        unitIds.filter((id) => isUnitSurveyed(answers.filter((answer) => answer.unit_id === id))),
      ),
    [unitIds, answers],
  );
  // The unit opened first stays while it is answered, even once it counts as surveyed.
  const [firstUnit] = useState(() => nextUnit(survey.units, surveyed, null));
  const current = unitId !== null && unitIds.includes(unitId) ? unitId : firstUnit;
  const unitAnswers = answers.filter((answer) => answer.unit_id === current);
  const readOnly = !mayAnswer || !survey.actions.includes('answer');
  const title = useUnitTitle();
  const unitName = (id: number) =>
    title(survey.units.find((unit) => unit.unit_id === id)?.name ?? String(id));
  const share = progress.units === 0 ? 0 : (progress.surveyed / progress.units) * 100;

  return (
    <Dialog
      fullScreen
      open
      onClose={onClose}
      aria-labelledby="survey-form-title"
      data-testid="survey-form"
    >
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            onClick={onClose}
            aria-label={t('survey.form.close')}
            sx={{ width: 48, height: 48 }}
          >
            <CloseRounded />
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="survey-form-title" variant="h6" component="h2" noWrap>
              {t('survey.form.title')}
            </Typography>
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary' }}
              data-testid="form-progress"
            >
              {t('survey.progress', {
                surveyed: format.count(progress.surveyed),
                units: format.count(progress.units),
              })}
            </Typography>
          </Box>
        </Toolbar>
        <LinearProgress variant="determinate" value={share} aria-hidden />
      </AppBar>
      <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880, width: '100%', mx: 'auto' }}>
        <Stack spacing={2}>
          <UnsavedAnswers
            unsaved={queue.unsaved}
            units={survey.units}
            onRetryAll={queue.retryFailed}
          />
          {readOnly && mayAnswer && <Alert severity="info">{t('survey.form.closed')}</Alert>}
          {current === null ? (
            <Alert severity="info">{t('survey.form.noUnits')}</Alert>
          ) : (
            <>
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1.5}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <TextField
                  select
                  fullWidth
                  label={t('survey.form.unit')}
                  value={String(current)}
                  onChange={(event) => onUnitChange(Number(event.target.value))}
                  slotProps={{ htmlInput: { 'data-testid': 'unit-picker' } }}
                >
                  {survey.units.map((unit) => (
                    <MenuItem
                      key={unit.unit_id}
                      value={String(unit.unit_id)}
                      sx={{ minHeight: 48 }}
                    >
                      {surveyed.has(unit.unit_id)
                        ? t('survey.form.unitSurveyed', { name: title(unit.name) })
                        : title(unit.name)}
                    </MenuItem>
                  ))}
                </TextField>
                <Button
                  variant="outlined"
                  size="large"
                  endIcon={<SkipNextRounded />}
                  onClick={() => {
                    const next = nextUnit(survey.units, surveyed, current);
                    if (next !== null) onUnitChange(next);
                  }}
                  sx={{ minHeight: 56, flexShrink: 0 }}
                  data-testid="next-unit"
                >
                  {t('survey.form.next')}
                </Button>
              </Stack>
              <Typography data-testid="unit-state">
                {surveyed.has(current)
                  ? t('survey.form.unitDone', { name: unitName(current) })
                  : t('survey.form.unitOpen', { name: unitName(current) })}
              </Typography>
              {fixtures.map((fixture) => {
                const fixtureAnswers = unitAnswers.filter(
                  (answer) => answer.appliance_type_id === fixture.id,
                );
                return (
                  <FixtureQuestions
                    key={`${current}-${fixture.id}`}
                    unitId={current}
                    applianceTypeId={fixture.id}
                    name={format.fixture(fixture.id)}
                    values={new Map(fixtureAnswers.map((answer) => [answer.item, answer.value]))}
                    queued={queue.answers}
                    complete={isFixtureComplete(fixture.id, fixtureAnswers)}
                    readOnly={readOnly}
                    onAnswer={queue.give}
                    onRetry={queue.retry}
                  />
                );
              })}
              <UnitPhotos buildingId={survey.building_id} unitId={current} mayUpload={mayUpload} />
            </>
          )}
        </Stack>
      </Box>
    </Dialog>
  );
}
