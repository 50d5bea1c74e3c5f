// Which unit category a ranking lists: residential units by default; common areas, commercial
// units and building services each listed apart, never mixed into the residential list.
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useRankedCategoryLabel } from '../utils/usage-format';
import { rankedUnitCategories } from '../utils/water-accounting';

export type UnitCategorySelectProps = {
  value: number;
  onChange: (unitCategoryId: number) => void;
};

export function UnitCategorySelect({ value, onChange }: UnitCategorySelectProps) {
  const { t } = useTranslation();
  const label = useRankedCategoryLabel();
  return (
    <TextField
      select
      size="small"
      label={t('usage.water.category')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 200, mb: 1.5 }}
      data-testid="unit-category-select"
    >
      {rankedUnitCategories.map((id) => (
        <MenuItem key={id} value={id}>
          {label(id)}
        </MenuItem>
      ))}
    </TextField>
  );
}
