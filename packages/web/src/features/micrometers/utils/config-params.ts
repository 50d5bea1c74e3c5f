// Configuration parameters as a form holds them (text per parameter id) and their check with the
// domain's `configParamsSchema`: one message per parameter — not a whole number, or outside the
// catalogue's range.
import { type SensorConfigParamRow, sensorConfigParams } from '@flowsight/domain/lookups';
import { type ConfigParams, configParamsSchema } from '@flowsight/domain/micrometers';

export type ConfigDraft = Record<string, string>;
export type ConfigProblem = 'required' | 'integer' | 'range';

export const configParamRows: readonly SensorConfigParamRow[] = sensorConfigParams;

/** The draft of a configuration: the micrometer's own values over the fleet's defaults. */
export function configDraft(
  own: ConfigParams | null | undefined,
  defaults: ReadonlyMap<number, number>,
): ConfigDraft {
  return Object.fromEntries(
    configParamRows.map((param) => [
      String(param.id),
      String(own?.[String(param.id)] ?? defaults.get(param.id) ?? param.defaultValue),
    ]),
  );
}

/** What is wrong with one parameter's text, or null. */
export function configProblem(param: SensorConfigParamRow, text: string): ConfigProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  const value = Number(trimmed);
  if (!Number.isInteger(value)) return 'integer';
  return configParamsSchema.safeParse({ [String(param.id)]: value }).success ? null : 'range';
}

/** The chosen parameters' problems by id, and the configuration when there are none. */
export function checkConfig(
  draft: ConfigDraft,
  chosen: readonly number[] = configParamRows.map((param) => param.id),
): { problems: Map<number, ConfigProblem>; params: ConfigParams | null } {
  const problems = new Map<number, ConfigProblem>();
  const params: ConfigParams = {};
  for (const param of configParamRows) {
    if (!chosen.includes(param.id)) continue;
    const text = draft[String(param.id)] ?? '';
    const problem = configProblem(param, text);
    if (problem === null) params[String(param.id)] = Number(text.trim());
    else problems.set(param.id, problem);
  }
  const whole = configParamsSchema.safeParse(params);
  return { problems, params: problems.size === 0 && whole.success ? params : null };
}
