// The sensor configuration parameters as form fields (report interval, keep-alive interval, flow
// start threshold, confirmed uplinks), each with its range under it or its one problem. With
// `chosen`, each parameter has a tick box and only the ticked ones are sent (downlinks).
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type ConfigDraft, type ConfigProblem, configParamRows } from '../utils/config-params';
import { useMicrometerLabel } from '../utils/micrometer-format';

export type ConfigParamsFieldsProps = {
  draft: ConfigDraft;
  onChange: (draft: ConfigDraft) => void;
  problems: ReadonlyMap<number, ConfigProblem>;
  /** The ticked parameters, when the person picks which to send. */
  chosen?: readonly number[];
  onChoose?: (chosen: number[]) => void;
  disabled?: boolean;
};

export function ConfigParamsFields({
  draft,
  onChange,
  problems,
  chosen,
  onChoose,
  disabled = false,
}: ConfigParamsFieldsProps) {
  const { t } = useTranslation();
  const label = useMicrometerLabel();
  return (
    <Stack spacing={2} data-testid="config-params">
      {configParamRows.map((param) => {
        const key = String(param.id);
        const name = label('params', param.id);
        const unit = t(`micrometers.config.units.${param.unit}` as 'micrometers.config.units.s');
        const problem = problems.get(param.id);
        const ticked = chosen === undefined || chosen.includes(param.id);
        const message =
          problem === undefined
            ? param.unit === 'flag'
              ? undefined
              : t('micrometers.config.rangeHint', { min: param.min, max: param.max, unit })
            : t(`micrometers.config.problems.${problem}`, {
                name,
                min: param.min,
                max: param.max,
                unit,
              });
        const common = {
          fullWidth: true,
          label: param.unit === 'flag' ? name : `${name} (${unit})`,
          value: draft[key] ?? '',
          disabled: disabled || !ticked,
          error: problem !== undefined,
          helperText: message,
          onChange: (event: { target: { value: string } }) =>
            onChange({ ...draft, [key]: event.target.value }),
        };
        return (
          <Stack key={key} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            {chosen !== undefined && (
              <Checkbox
                checked={ticked}
                disabled={disabled}
                sx={{ mt: 1 }}
                slotProps={{ input: { 'aria-label': t('micrometers.config.send', { name }) } }}
                onChange={(event) =>
                  onChoose?.(
                    event.target.checked
                      ? [...chosen, param.id].sort((a, b) => a - b)
                      : chosen.filter((id) => id !== param.id),
                  )
                }
              />
            )}
            {param.unit === 'flag' ? (
              <TextField select {...common} data-testid={`config-param-${key}`}>
                <MenuItem value="0">{t('micrometers.config.off')}</MenuItem>
                <MenuItem value="1">{t('micrometers.config.on')}</MenuItem>
              </TextField>
            ) : (
              <TextField
                {...common}
                inputMode="numeric"
                slotProps={{
                  htmlInput: { inputMode: 'numeric', 'data-testid': `config-param-${key}` },
                }}
              />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
