// The text of a date-range problem, under the field to fix.
import { useTranslation } from 'react-i18next';
import { MAX_RANGE_DAYS, type RangeProblem } from '@/lib/local-date-range';

export function useRangeMessages(problem: RangeProblem | null): { from?: string; to?: string } {
  const { t } = useTranslation();
  if (problem === null) return {};
  const text = t(`statistics.range.${problem.reason}`, { days: MAX_RANGE_DAYS });
  return problem.field === 'from' ? { from: text } : { to: text };
}
