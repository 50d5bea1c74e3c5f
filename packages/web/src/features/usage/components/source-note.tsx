// The note a usage figure carries when its buildings' use did not come from their main lines
// alone: "fixture meters only" or "main line on part of the period" (water accounting).

import type { UseSource } from '@flowsight/domain/water-accounting';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { sourceNoteKey } from '../utils/water-accounting';

export type SourceNoteProps = { source: UseSource | null | undefined };

export function SourceNote({ source }: SourceNoteProps) {
  const { t } = useTranslation();
  const key = sourceNoteKey(source);
  if (key === null) return null;
  return (
    <Alert
      severity="info"
      icon={<InfoOutlined fontSize="small" />}
      data-testid="source-note"
      data-source={source ?? undefined}
      sx={{ mt: 1.5, py: 0, px: 1.5, '& .MuiAlert-message': { fontSize: 13 } }}
    >
      {t(key)}
    </Alert>
  );
}
