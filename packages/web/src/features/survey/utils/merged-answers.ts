// The answers the survey form shows: the server's, with the answers given on this page (saved or
// not) over them, so a choice shows at once and progress counts it.
import type { SurveyAnswerKey } from '@flowsight/domain/survey';
import { answerKey } from './unsaved-answers';

export function mergedAnswers(
  saved: readonly SurveyAnswerKey[],
  given: Iterable<SurveyAnswerKey>,
): SurveyAnswerKey[] {
  const byKey = new Map(saved.map((answer) => [answerKey(answer), answer]));
  for (const answer of given) byKey.set(answerKey(answer), answer);
  return [...byKey.values()];
}

/** The unit to survey next: the first not surveyed after `current` (wrapping), else the next. */
export function nextUnit(
  units: readonly { unit_id: number }[],
  surveyed: ReadonlySet<number>,
  current: number | null,
): number | null {
  if (units.length === 0) return null;
  const start = units.findIndex((unit) => unit.unit_id === current);
  const ordered = [...units.slice(start + 1), ...units.slice(0, start + 1)];
  const open = ordered.find((unit) => !surveyed.has(unit.unit_id) && unit.unit_id !== current);
  return (open ?? ordered[0])?.unit_id ?? null;
}
