// The fixture step: every fixture slot of the unit as a large button; a slot that already has a
// micrometer shows its MAC and cannot be chosen.
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { installableFixtures } from '../utils/installation-steps';

export type FixtureGridProps = {
  /** MAC of the micrometer on each taken slot, by fixture (appliance type) id. */
  taken: ReadonlyMap<number, string>;
  onPick: (fixtureId: number) => void;
};

export function FixtureGrid({ taken, onPick }: FixtureGridProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(4, 1fr)' },
        gap: 1.25,
      }}
      data-testid="fixture-grid"
    >
      {installableFixtures.map((fixture) => {
        const mac = taken.get(fixture.id);
        const name = t(`installation.fixtures.${fixture.id}` as 'installation.fixtures.1');
        return (
          <ButtonBase
            key={fixture.id}
            disabled={mac !== undefined}
            onClick={() => onPick(fixture.id)}
            data-testid={`fixture-${fixture.id}`}
            aria-label={
              mac === undefined ? name : t('installation.fixture.takenLabel', { name, mac })
            }
            sx={{
              minHeight: 72,
              p: 1.5,
              borderRadius: 2,
              border: 1,
              borderColor: mac === undefined ? 'divider' : 'success.light',
              bgcolor: mac === undefined ? 'background.paper' : 'action.hover',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'flex-start',
              justifyContent: 'center',
              textAlign: 'left',
              '&:hover': { borderColor: 'primary.main' },
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main' },
            }}
          >
            <Typography sx={{ fontWeight: 600, fontSize: 16, lineHeight: 1.25 }}>{name}</Typography>
            {mac !== undefined && (
              <Typography
                variant="caption"
                sx={{
                  color: 'success.main',
                  display: 'flex',
                  alignItems: 'center',
                  gap: 0.5,
                  mt: 0.5,
                }}
              >
                <CheckCircleOutlineRounded sx={{ fontSize: 14 }} />
                <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                  {mac}
                </Box>
              </Typography>
            )}
          </ButtonBase>
        );
      })}
    </Box>
  );
}
