// The building's installers (spec section 3, BuildingInstaller): who fits the micrometers and when,
// soonest first; those who keep them assign a company installer of the building's company or an
// outside installer (name and phone), with a scheduled date, and update the date and status.
import type { Installer } from '@flowsight/domain/survey';
import EditRounded from '@mui/icons-material/EditRounded';
import PersonAddRounded from '@mui/icons-material/PersonAddRounded';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstallers } from '../api/get-installers';
import { useSurveyFormat } from '../utils/survey-format';
import type { SurveyPermissions } from '../utils/survey-permissions';
import { InstallerDialog } from './installer-dialog';
import { QueryState } from './query-state';
import { SurveyCard } from './survey-card';

export type InstallersPanelProps = {
  buildingId: number;
  companyId: number;
  may: SurveyPermissions;
};

const statusColor = { scheduled: 'default', in_progress: 'warning', done: 'success' } as const;

export function InstallersPanel({ buildingId, companyId, may }: InstallersPanelProps) {
  const { t } = useTranslation();
  const format = useSurveyFormat();
  const installers = useInstallers(buildingId);
  const [editing, setEditing] = useState<Installer | 'new' | null>(null);
  return (
    <SurveyCard
      title={t('survey.installers.title')}
      data-testid="installers-panel"
      actions={
        may.assignInstaller && (
          <Button
            startIcon={<PersonAddRounded />}
            onClick={() => setEditing('new')}
            data-testid="assign-installer"
          >
            {t('survey.installers.assign')}
          </Button>
        )
      }
    >
      <QueryState query={installers}>
        {(rows) =>
          rows.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('survey.installers.empty')}</Typography>
          ) : (
            <List disablePadding>
              {rows.map((installer) => (
                <ListItem
                  key={installer.id}
                  disableGutters
                  divider
                  data-testid={`installer-${installer.id}`}
                  secondaryAction={
                    may.updateInstaller && (
                      <IconButton
                        edge="end"
                        aria-label={t('survey.installers.edit', { name: installer.name })}
                        onClick={() => setEditing(installer)}
                        sx={{ width: 48, height: 48 }}
                      >
                        <EditRounded />
                      </IconButton>
                    )
                  }
                >
                  <ListItemText
                    primary={
                      <Stack
                        direction="row"
                        spacing={1}
                        useFlexGap
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                        component="span"
                      >
                        <span>{installer.name}</span>
                        <Chip
                          size="small"
                          color={statusColor[installer.status]}
                          label={t(`survey.installers.status.${installer.status}`)}
                        />
                      </Stack>
                    }
                    secondary={[
                      installer.phone,
                      installer.user_id === null
                        ? t('survey.installers.outside')
                        : t('survey.installers.company'),
                      t('survey.installers.scheduled', {
                        date: format.day(installer.scheduled_date),
                      }),
                    ]
                      .filter((part) => part !== null)
                      .join(' · ')}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </QueryState>
      {editing !== null && (
        <InstallerDialog
          buildingId={buildingId}
          companyId={companyId}
          installer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </SurveyCard>
  );
}
