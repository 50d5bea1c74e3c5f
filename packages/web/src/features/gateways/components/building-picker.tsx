// Chooses the building a gateway serves: typing searches the buildings (400 ms debounce), each
// option shows its property and company; clearing the choice means "in stock".
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type BuildingOption, useBuildingOptions } from '../api/get-building-options';

export type BuildingPickerProps = {
  value: BuildingOption | null;
  onChange: (building: BuildingOption | null) => void;
  label: string;
  disabled?: boolean;
};

export function BuildingPicker({ value, onChange, label, disabled }: BuildingPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const options = useBuildingOptions(settled);
  const shown = options.data ?? [];
  const all = value !== null && !shown.some((b) => b.id === value.id) ? [value, ...shown] : shown;

  return (
    <Autocomplete<BuildingOption, false, false, false>
      value={value}
      onChange={(_event, building) => onChange(building)}
      inputValue={text}
      onInputChange={(_event, next, reason) => {
        if (reason !== 'reset') setText(next);
      }}
      options={all}
      filterOptions={(found) => found}
      getOptionLabel={(building) => building.name}
      getOptionKey={(building) => building.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('gateways.buildingPicker.none')}
      disabled={disabled}
      renderOption={({ key, ...optionProps }, building) => (
        <Box component="li" key={key} {...optionProps} data-testid="building-option">
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {building.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {building.company_name} · {building.property_name}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('gateways.buildingPicker.placeholder')}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'building-picker' },
          }}
        />
      )}
    />
  );
}
