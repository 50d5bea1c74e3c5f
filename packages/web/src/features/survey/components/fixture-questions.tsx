// One fixture of the unit being surveyed: its questions (`surveyItemsFor`), each answered with the
// toggle buttons of its option list — large enough for a thumb, and reachable with Tab, arrows
// and Space — or a note field saved on leaving it. Once its sizing question says 'No' (nothing
// there), the fixture is complete and its other questions are hidden.
import {
  type SurveyAnswerBody,
  type SurveyItem,
  surveyItemsFor,
  surveyOptions,
  surveyQuestions,
} from '@flowsight/domain/survey';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueuedAnswer } from '../hooks/use-answer-queue';
import { answerKey } from '../utils/unsaved-answers';
import { AnswerState } from './answer-state';

export type FixtureQuestionsProps = {
  unitId: number;
  applianceTypeId: number;
  name: string;
  /** The answers shown: the saved ones with this page's newer ones over them, by item. */
  values: ReadonlyMap<string, string>;
  queued: ReadonlyMap<string, QueuedAnswer>;
  complete: boolean;
  readOnly: boolean;
  onAnswer: (answer: SurveyAnswerBody) => void;
  onRetry: (key: string) => void;
};

export function FixtureQuestions({
  unitId,
  applianceTypeId,
  name,
  values,
  queued,
  complete,
  readOnly,
  onAnswer,
  onRetry,
}: FixtureQuestionsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const items = surveyItemsFor(applianceTypeId);
  const sizing = items.find((item) => surveyQuestions[item].sizing);
  const nothingThere = sizing !== undefined && values.get(sizing) === 'No';
  const shown = nothingThere ? items.filter((item) => item === sizing) : items;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: 2 }}
      data-testid={`fixture-${applianceTypeId}`}
    >
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
          {complete && (
            <CheckCircleRounded
              color="success"
              fontSize="small"
              titleAccess={t('survey.form.fixtureComplete')}
            />
          )}
        </Stack>
        {shown.map((item) => {
          const body = { unit_id: unitId, appliance_type_id: applianceTypeId, item };
          const key = answerKey(body);
          return (
            <Question
              key={item}
              item={item}
              value={values.get(item) ?? null}
              readOnly={readOnly}
              onAnswer={(value) => onAnswer({ ...body, value })}
              state={<AnswerState answer={queued.get(key)} onRetry={() => onRetry(key)} />}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}

type QuestionProps = {
  item: SurveyItem;
  value: string | null;
  readOnly: boolean;
  onAnswer: (value: string) => void;
  state: ReactNode;
};

function Question({ item, value, readOnly, onAnswer, state }: QuestionProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const options = surveyOptions(item);
  const label = t(`survey.questions.${item}`);
  return (
    <Stack spacing={1}>
      {/* A note's field carries its label; the notes fixture's title says the rest. */}
      {options !== null && (
        <Typography id={labelId} variant="body2" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
      )}
      {options === null ? (
        <NoteField label={label} value={value ?? ''} readOnly={readOnly} onSave={onAnswer} />
      ) : (
        <ToggleButtonGroup
          exclusive
          value={value}
          disabled={readOnly}
          onChange={(_event, next: string | null) => {
            if (next !== null) onAnswer(next);
          }}
          aria-labelledby={labelId}
          color="primary"
          sx={{ flexWrap: 'wrap' }}
        >
          {/* Sizes show as inches (1/2″); words are translated. */}
          {options.map((option) => (
            <ToggleButton
              key={option}
              value={option}
              sx={{
                minWidth: 64,
                minHeight: 48,
                px: 2,
                fontSize: 16,
                // The chosen answer must stand out at a glance, in a dim closet too.
                '&.Mui-selected, &.Mui-selected:hover': {
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                },
              }}
              data-testid={`answer-${item}-${option}`}
            >
              {/^\d/.test(option) ? `${option}″` : t(`survey.options.${option as 'No'}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {state}
    </Stack>
  );
}

type NoteFieldProps = {
  label: string;
  value: string;
  readOnly: boolean;
  onSave: (value: string) => void;
};

/** A note is saved when the field is left (or Enter with Ctrl/⌘), not on every key. */
function NoteField({ label, value, readOnly, onSave }: NoteFieldProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const save = () => {
    if (text.trim() !== value.trim()) onSave(text.trim());
  };
  return (
    <TextField
      multiline
      minRows={2}
      value={text}
      disabled={readOnly}
      onChange={(event) => setText(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
      }}
      slotProps={{
        htmlInput: { maxLength: 500, 'aria-label': label, 'data-testid': 'answer-note' },
      }}
    />
  );
}
