// Office assignment: stock micrometers set aside for a building before the installer fits them.
// Choose the building, give the MACs (one per line, or separated by commas or spaces), set them
// aside; the building's pending ones are listed and can be cancelled, some or all.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useCancelOfficeAssignments } from '../api/cancel-office-assignments';
import { useBuildingOfficeAssignments } from '../api/get-building-office-assignments';
import { useOfficeAssignMicrometers } from '../api/office-assign-micrometers';
import { useMicrometerFormat } from '../utils/micrometer-format';
import { useMicrometerErrorText } from '../utils/micrometer-messages';
import { NO_PLACE, type PlaceChoice, PlacePickers } from './place-pickers';

/** The MACs of a free-text list: split on lines, commas, semicolons and spaces. */
export const macsOf = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  ),
];

export type OfficeAssignmentPanelProps = {
  /** A stock micrometer the page found, offered as the first MAC. */
  stockMac: string | null;
};

export function OfficeAssignmentPanel({ stockMac }: OfficeAssignmentPanelProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const errorText = useMicrometerErrorText();
  const format = useMicrometerFormat();
  const [place, setPlace] = useState<PlaceChoice>(NO_PLACE);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const pending = useBuildingOfficeAssignments(place.buildingId);
  const assign = useOfficeAssignMicrometers();
  const cancel = useCancelOfficeAssignments();
  const macsText = text ?? stockMac ?? '';
  const rows = pending.data ?? [];

  const setAside = () => {
    const macs = macsOf(macsText);
    if (place.buildingId === null) {
      setProblem(t('micrometers.office.chooseBuilding'));
      return;
    }
    if (macs.length === 0) {
      setProblem(t('micrometers.office.giveMacs'));
      return;
    }
    setProblem(null);
    assign.mutate(
      { buildingId: place.buildingId, macs },
      {
        onSuccess: ({ created }) => {
          showMessage(t('micrometers.office.setAside', { count: created }));
          setText('');
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const cancelSome = (sensorIds?: number[]) => {
    if (place.buildingId === null) return;
    cancel.mutate(
      { buildingId: place.buildingId, ...(sensorIds === undefined ? {} : { sensorIds }) },
      {
        onSuccess: ({ cancelled }) => {
          showMessage(t('micrometers.office.cancelled', { count: cancelled }));
          setSelected([]);
        },
        onError: (error) => showMessage(errorText(error), 'error'),
      },
    );
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2, maxWidth: 860 }}
      data-testid="office-assignment"
      component="section"
    >
      <Stack spacing={2}>
        <div>
          <Typography variant="h6" component="h2">
            {t('micrometers.office.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('micrometers.office.intro')}
          </Typography>
        </div>
        <PlacePickers
          value={place}
          onChange={(next) => {
            setPlace(next);
            setSelected([]);
            setProblem(null);
          }}
          down="building"
          idPrefix="office-"
        />
        <TextField
          label={t('micrometers.office.macs')}
          placeholder={t('micrometers.office.macsPlaceholder')}
          value={macsText}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          multiline
          minRows={2}
          slotProps={{
            htmlInput: {
              spellCheck: false,
              style: { fontFamily: 'monospace' },
              'data-testid': 'office-macs',
            },
          }}
        />
        {problem !== null && (
          <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
            {problem}
          </Alert>
        )}
        <Box>
          <Button
            variant="contained"
            onClick={setAside}
            loading={assign.isPending}
            data-testid="office-set-aside"
          >
            {t('micrometers.office.submit')}
          </Button>
        </Box>
        {place.buildingId !== null && (
          <Box data-testid="office-pending">
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
            >
              <Typography variant="subtitle2" component="h3">
                {t('micrometers.office.pending', { count: rows.length })}
              </Typography>
              {rows.length > 0 && (
                <Stack direction="row" spacing={1}>
                  <Button
                    size="small"
                    disabled={selected.length === 0}
                    loading={cancel.isPending}
                    onClick={() => cancelSome(selected)}
                  >
                    {t('micrometers.office.cancelSelected')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    loading={cancel.isPending}
                    onClick={() => cancelSome()}
                  >
                    {t('micrometers.office.cancelAll')}
                  </Button>
                </Stack>
              )}
            </Stack>
            {pending.isPending ? (
              <Skeleton variant="rounded" height={60} />
            ) : pending.isError ? (
              <Alert severity="error">{errorText(pending.error)}</Alert>
            ) : rows.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                {t('micrometers.office.none')}
              </Typography>
            ) : (
              <List dense>
                {rows.map((row) => (
                  <ListItem key={row.id} disableGutters data-testid="office-row">
                    <ListItemIcon sx={{ minWidth: 40 }}>
                      <Checkbox
                        edge="start"
                        checked={selected.includes(row.sensor_id)}
                        onChange={(event) =>
                          setSelected(
                            event.target.checked
                              ? [...selected, row.sensor_id]
                              : selected.filter((id) => id !== row.sensor_id),
                          )
                        }
                        slotProps={{ input: { 'aria-label': row.mac_address } }}
                      />
                    </ListItemIcon>
                    <ListItemText
                      primary={row.mac_address}
                      secondary={t('micrometers.office.since', {
                        when: format.dateTime(row.created_at),
                      })}
                      slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Box>
        )}
      </Stack>
    </Paper>
  );
}
