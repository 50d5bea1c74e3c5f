// The answers of a building's survey not yet saved, kept in sessionStorage until the server has
// them: a reload, a crash or a closed tab on a flaky connection loses no answer; the survey form
// sends them again when it opens.
import type { SurveyAnswerBody } from '@flowsight/domain/survey';

const storageKey = (buildingId: number) => `flowsight.survey.unsaved.${buildingId}`;

/** One answer's identity: the unit, the fixture and the question. */
export const answerKey = (answer: {
  unit_id: number;
  appliance_type_id: number;
  item: string;
}): string => `${answer.unit_id}:${answer.appliance_type_id}:${answer.item}`;

const isAnswerBody = (value: unknown): value is SurveyAnswerBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SurveyAnswerBody).unit_id === 'number' &&
  typeof (value as SurveyAnswerBody).appliance_type_id === 'number' &&
  typeof (value as SurveyAnswerBody).item === 'string' &&
  typeof (value as SurveyAnswerBody).value === 'string';

export function readUnsavedAnswers(buildingId: number): SurveyAnswerBody[] {
  try {
    const parsed: unknown = JSON.parse(
      window.sessionStorage.getItem(storageKey(buildingId)) ?? '[]',
    );
    return Array.isArray(parsed) ? parsed.filter(isAnswerBody) : [];
  } catch {
    return [];
  }
}

export function writeUnsavedAnswers(buildingId: number, answers: readonly SurveyAnswerBody[]) {
  try {
    if (answers.length === 0) window.sessionStorage.removeItem(storageKey(buildingId));
    else window.sessionStorage.setItem(storageKey(buildingId), JSON.stringify(answers));
  } catch {
    // Storage unavailable: the answers stay listed on the page until saved.
  }
}
