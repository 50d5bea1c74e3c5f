// Which unit category a ranking lists: residential units by default; common areas, commercial
// units and building services each listed apart, never mixed into the residential list. A native
// select styled like the app's fields: the phone's own picker, the keyboard's usual keys, and no
// menu or pop-over code in the dashboard's first load.
import Box from '@mui/material/Box';
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
    <Box
      component="select"
      value={value}
      onChange={(event) => onChange(Number((event.target as HTMLSelectElement).value))}
      aria-label={t('usage.water.category')}
      data-testid="unit-category-select"
      sx={{
        alignSelf: 'flex-start',
        minWidth: 200,
        minHeight: 40,
        mb: 1.5,
        px: 1.5,
        font: 'inherit',
        fontSize: '0.9375rem',
        color: 'text.primary',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        cursor: 'pointer',
        '&:hover': { borderColor: 'text.primary' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      {rankedUnitCategories.map((id) => (
        <option key={id} value={id}>
          {label(id)}
        </option>
      ))}
    </Box>
  );
}
