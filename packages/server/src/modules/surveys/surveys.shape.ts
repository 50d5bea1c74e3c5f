// A building's survey as the API answers it, from what the repository read: each unit with its
// answers counted and whether it is surveyed, the micrometers the answers call for, DX's plan and
// the history of the survey's own actions (other events of the building are left out).
import {
  type BuildingSurvey,
  type DxPlan,
  isUnitSurveyed,
  micrometersNeeded,
  type SurveyAction,
  type SurveyHistoryEntry,
  surveyActions,
  surveyActionsFrom,
  surveyStatusName,
} from '@flowsight/domain/survey';
import type { SurveyBuilding, SurveysRepository } from './surveys.repository.ts';

const isSurveyAction = (action: string): action is SurveyAction =>
  (surveyActions as readonly string[]).includes(action);
const statusOf = (value: unknown): number => (typeof value === 'number' ? value : 0);

type Read<Call extends keyof SurveysRepository> = Awaited<ReturnType<SurveysRepository[Call]>>;
type SurveyAnswerRow = Read<'answers'>[number];

const answersByUnit = (answers: readonly SurveyAnswerRow[]) => {
  const byUnit = new Map<number, SurveyAnswerRow[]>();
  for (const answer of answers) {
    byUnit.set(answer.unit_id, [...(byUnit.get(answer.unit_id) ?? []), answer]);
  }
  return byUnit;
};

/** The survey of `target` from its units, answers and history. */
export function surveyOf(
  target: SurveyBuilding,
  units: Read<'units'>,
  answers: Read<'answers'>,
  history: Read<'history'>,
): BuildingSurvey {
  const byUnit = answersByUnit(answers);
  const surveyed = units.filter((unit) => isUnitSurveyed(byUnit.get(unit.id) ?? [])).length;
  return {
    building_id: target.id,
    status: target.survey_status,
    status_name: surveyStatusName(target.survey_status),
    updated_at: target.survey_updated_at?.toISOString() ?? null,
    actions: surveyActionsFrom(target.survey_status),
    progress: { surveyed, units: units.length },
    units: units.map((unit) => {
      const own = byUnit.get(unit.id) ?? [];
      return {
        unit_id: unit.id,
        name: unit.name,
        answers: own.length,
        surveyed: isUnitSurveyed(own),
      };
    }),
    answers,
    micrometers_needed: micrometersNeeded(answers),
    dx_plan: (target.survey_dx_approval as DxPlan | null) ?? null,
    history: history.flatMap((event): SurveyHistoryEntry[] =>
      isSurveyAction(event.action)
        ? [
            {
              at: event.at.toISOString(),
              action: event.action,
              from_status: statusOf(event.from_value),
              to_status: statusOf(event.to_value),
              user_id: event.user_id,
              user_name: event.user_name,
              detail: event.note,
            },
          ]
        : [],
    ),
  };
}
