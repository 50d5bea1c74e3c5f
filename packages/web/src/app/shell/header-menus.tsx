// The header's pop-up menus (spec section 2, "Header controls"): the controls collapsed below the
// md breakpoint, and the account menu. Loaded when one of them first opens.
import { type Language, languages } from '@flowsight/domain/constants';
import type { HeaderControls } from '@flowsight/domain/web-access';
import CheckRounded from '@mui/icons-material/CheckRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import SecurityRounded from '@mui/icons-material/SecurityRounded';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { nativeLanguageName } from '@/components/language-names';
import { useSettings } from '@/lib/settings-context';

/** Both menus open under their button, right edges aligned, as the leak bell's pop-up does. */
const UNDER_THE_BUTTON = {
  anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
  transformOrigin: { vertical: 'top', horizontal: 'right' },
} as const;

/** The two-step sign-in switch: its label (enable or disable), whether the change is under way. */
export type MfaSwitch = { label: string; busy: boolean; onToggle: () => void };

export type MoreMenuProps = {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  controls: HeaderControls;
  mfa: MfaSwitch;
  onOpenRoles: () => void;
  onExportAll: () => void;
  onOpenCustomize: () => void;
};

/** Below the md breakpoint: the role's header controls, and the languages. */
export function MoreMenu({
  id,
  anchor,
  onClose: closeMore,
  controls,
  mfa,
  onOpenRoles,
  onExportAll,
  onOpenCustomize,
}: MoreMenuProps) {
  const { t } = useTranslation();
  const { settings, setLanguage } = useSettings();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={closeMore}
      {...UNDER_THE_BUTTON}
    >
      {controls.changePassword && (
        <MenuItem
          component={RouterLink}
          to="/change-password"
          onClick={closeMore}
          data-testid="header-change-password"
        >
          <ListItemIcon>
            <LockResetRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.header.changePassword')} />
        </MenuItem>
      )}
      {controls.mfaToggle && (
        <MenuItem
          disabled={mfa.busy}
          onClick={() => {
            closeMore();
            mfa.onToggle();
          }}
          data-testid="header-mfa"
        >
          <ListItemIcon>
            <SecurityRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={mfa.label} />
        </MenuItem>
      )}
      {controls.switchRole && (
        <MenuItem
          onClick={() => {
            closeMore();
            onOpenRoles();
          }}
          data-testid="header-switch-role"
        >
          <ListItemIcon>
            <SwapHorizRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('shell.header.switchRole')} />
        </MenuItem>
      )}
      {controls.exportAll && (
        <MenuItem
          onClick={() => {
            closeMore();
            onExportAll();
          }}
          data-testid="header-export-all"
        >
          <ListItemIcon>
            <FileDownloadOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('exportAll.open')} />
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          closeMore();
          onOpenCustomize();
        }}
        data-testid="header-customize"
      >
        <ListItemIcon>
          <PaletteOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('customize.open')} />
      </MenuItem>
      {controls.language && <Divider />}
      {controls.language && (
        <ListSubheader data-testid="header-language">{t('settings.language')}</ListSubheader>
      )}
      {controls.language &&
        languages.map((language: Language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={settings.language === language}
            onClick={() => {
              closeMore();
              setLanguage(language);
            }}
          >
            <ListItemIcon>
              {settings.language === language && <CheckRounded fontSize="small" />}
            </ListItemIcon>
            <ListItemText primary={nativeLanguageName(language)} />
          </MenuItem>
        ))}
    </Menu>
  );
}

export type UserMenuProps = {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  fullName: string;
  email: string;
  roleDescription: string;
  /** The link to /settings (profile, security, contacts), for the roles that may open it. */
  settings: boolean;
  onSignOut: () => void;
};

/** Who is signed in, in which role, their settings, and signing out. */
export function UserMenu({
  id,
  anchor,
  onClose,
  fullName,
  email,
  roleDescription,
  settings,
  onSignOut,
}: UserMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      {...UNDER_THE_BUTTON}
      slotProps={{ paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } } }}
    >
      <Box sx={{ px: 2, py: 1.25 }} data-testid="account-summary">
        <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('shell.header.activeRole')}
        </Typography>
        <Typography variant="body2" data-testid="active-role" sx={{ fontWeight: 500 }}>
          {roleDescription}
        </Typography>
      </Box>
      <Divider />
      {settings && (
        <MenuItem
          component={RouterLink}
          to="/settings"
          onClick={onClose}
          data-testid="user-menu-settings"
        >
          <ListItemIcon>
            <SettingsOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={t('nav.settings')} secondary={t('shell.header.settingsHint')} />
        </MenuItem>
      )}
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutRounded fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={t('auth.signedIn.signOut')} />
      </MenuItem>
    </Menu>
  );
}
