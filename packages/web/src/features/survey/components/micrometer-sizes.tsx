// Micrometer counts by size as chips ("1/2″ × 24"), or a line saying there are none.
import type { MicrometersBySize } from '@flowsight/domain/survey';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { sizeCounts, useSurveyFormat } from '../utils/survey-format';

export type MicrometerSizesProps = { bySize: MicrometersBySize; empty: string };

export function MicrometerSizes({ bySize, empty }: MicrometerSizesProps) {
  const format = useSurveyFormat();
  const counts = sizeCounts(bySize);
  if (counts.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>;
  }
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {counts.map((count) => (
        <Chip key={count.size} label={format.size(count)} variant="outlined" />
      ))}
    </Stack>
  );
}
