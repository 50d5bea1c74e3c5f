// The shell's header: the drawer button, the brand, the global search (a field from the sm
// breakpoint up, a search button below it), and the role's header controls (spec section 2,
// "Header controls") — inline from the md breakpoint up, collapsed into one pop-up menu below it.
// The leak bell (roles that have it) and the user menu (account and sign-out) always show.
import { type Language, languages } from '@flowsight/domain/constants';
import type { HeaderControls } from '@flowsight/domain/web-access';
import CheckRounded from '@mui/icons-material/CheckRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuOpenRounded from '@mui/icons-material/MenuOpenRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import SecurityRounded from '@mui/icons-material/SecurityRounded';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSelect, nativeLanguageName } from '@/components/language-select';
import { LeakBell } from '@/features/alerts/components/leak-bell';
import { ExportAllDialog } from '@/features/exports/components/export-all-dialog';
import { GatewaySearch } from '@/features/gateways/components/gateway-search';
import { GlobalSearch } from '@/features/search/components/global-search';
import { useSettings } from '@/lib/settings-context';

export type AppHeaderProps = {
  controls: HeaderControls;
  homePath: string;
  user: { first_name: string; last_name: string; email: string };
  roleDescription: string;
  mfaEnabled: boolean;
  mfaBusy: boolean;
  /** Shown only when the role has a drawer. */
  onDrawerToggle?: () => void;
  drawerExpanded: boolean;
  onToggleMfa: () => void;
  onOpenRoles: () => void;
  onOpenCustomize: () => void;
  onSignOut: () => void;
};

function initials(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toLocaleUpperCase() || '?';
}

export function AppHeader({
  controls,
  homePath,
  user,
  roleDescription,
  mfaEnabled,
  mfaBusy,
  onDrawerToggle,
  drawerExpanded,
  onToggleMfa,
  onOpenRoles,
  onOpenCustomize,
  onSignOut,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const { settings, setLanguage } = useSettings();
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const searchInline = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), {
    noSsr: true,
  });
  const [exportOpen, setExportOpen] = useState(false);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const moreMenuId = useId();
  const userMenuId = useId();
  const mfaLabel = mfaEnabled ? t('shell.header.disableMfa') : t('shell.header.enableMfa');
  const closeMore = () => setMoreAnchor(null);
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  const inlineControls = (
    <>
      {controls.changePassword && (
        <Tooltip title={t('shell.header.changePassword')}>
          <IconButton
            component={RouterLink}
            to="/change-password"
            aria-label={t('shell.header.changePassword')}
            data-testid="header-change-password"
          >
            <LockResetRounded />
          </IconButton>
        </Tooltip>
      )}
      {controls.mfaToggle && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<SecurityRounded />}
          loading={mfaBusy}
          onClick={onToggleMfa}
          data-testid="header-mfa"
        >
          {mfaLabel}
        </Button>
      )}
      {controls.switchRole && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<SwapHorizRounded />}
          onClick={onOpenRoles}
          data-testid="header-switch-role"
        >
          {t('shell.header.switchRole')}
        </Button>
      )}
      {controls.language && (
        <Box data-testid="header-language">
          <LanguageSelect />
        </Box>
      )}
      {controls.exportAll && (
        <Tooltip title={t('exportAll.open')}>
          <IconButton
            aria-label={t('exportAll.open')}
            aria-haspopup="dialog"
            onClick={() => setExportOpen(true)}
            data-testid="header-export-all"
          >
            <FileDownloadOutlined />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title={t('customize.open')}>
        <IconButton
          aria-label={t('customize.open')}
          onClick={onOpenCustomize}
          data-testid="header-customize"
        >
          <PaletteOutlined />
        </IconButton>
      </Tooltip>
    </>
  );

  const collapsedControls = (
    <>
      <Tooltip title={t('shell.header.more')}>
        <IconButton
          aria-label={t('shell.header.more')}
          aria-haspopup="menu"
          aria-controls={moreAnchor === null ? undefined : moreMenuId}
          aria-expanded={moreAnchor !== null}
          onClick={(event) => setMoreAnchor(event.currentTarget)}
          data-testid="header-more"
        >
          <MoreVertRounded />
        </IconButton>
      </Tooltip>
      <Menu id={moreMenuId} anchorEl={moreAnchor} open={moreAnchor !== null} onClose={closeMore}>
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
            disabled={mfaBusy}
            onClick={() => {
              closeMore();
              onToggleMfa();
            }}
            data-testid="header-mfa"
          >
            <ListItemIcon>
              <SecurityRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={mfaLabel} />
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
              setExportOpen(true);
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
    </>
  );

  return (
    <AppBar
      position="sticky"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}
      data-testid="app-header"
    >
      <Toolbar sx={{ gap: 1, px: { xs: 1.5, sm: 2 } }}>
        {onDrawerToggle && (
          <IconButton
            edge="start"
            aria-label={t('shell.header.toggleMenu')}
            aria-expanded={drawerExpanded}
            onClick={onDrawerToggle}
            data-testid="drawer-toggle"
          >
            {drawerExpanded ? <MenuOpenRounded /> : <MenuRounded />}
          </IconButton>
        )}
        <Link
          component={RouterLink}
          to={homePath}
          underline="none"
          color="inherit"
          aria-label={t('app.homeLink')}
          sx={{ display: 'flex', alignItems: 'center', gap: 1.25, flexShrink: 0 }}
        >
          <BrandMark size={30} />
          <Typography
            component="span"
            variant="h6"
            sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}
          >
            {t('app.name')}
          </Typography>
        </Link>
        <Box
          data-slot="header-search"
          sx={{
            flex: 1,
            minWidth: 0,
            display: 'flex',
            justifyContent: searchInline ? 'flex-start' : 'flex-end',
            ml: searchInline ? 2 : 0,
          }}
        >
          {controls.globalSearch && <GlobalSearch compact={!searchInline} />}
          {controls.gatewaySearch && <GatewaySearch compact={!roomy} />}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="header-controls">
          {controls.leakBell && <LeakBell />}
          {roomy ? inlineControls : collapsedControls}
          <Tooltip title={t('shell.header.account')}>
            <IconButton
              aria-label={t('shell.header.account')}
              aria-haspopup="menu"
              aria-controls={userAnchor === null ? undefined : userMenuId}
              aria-expanded={userAnchor !== null}
              onClick={(event) => setUserAnchor(event.currentTarget)}
              data-testid="user-menu-button"
            >
              <Avatar
                sx={{
                  width: 34,
                  height: 34,
                  fontSize: 14,
                  fontWeight: 700,
                  bgcolor: 'primary.main',
                }}
              >
                {initials(user.first_name, user.last_name)}
              </Avatar>
            </IconButton>
          </Tooltip>
        </Box>
        <Menu
          id={userMenuId}
          anchorEl={userAnchor}
          open={userAnchor !== null}
          onClose={() => setUserAnchor(null)}
          slotProps={{ paper: { sx: { maxWidth: 'min(360px, calc(100vw - 32px))' } } }}
        >
          <Box sx={{ px: 2, py: 1.25 }} data-testid="account-summary">
            <Typography sx={{ fontWeight: 600 }}>{fullName}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
            <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
              {t('shell.header.activeRole')}
            </Typography>
            <Typography variant="body2" data-testid="active-role" sx={{ fontWeight: 500 }}>
              {roleDescription}
            </Typography>
          </Box>
          <Divider />
          <MenuItem
            onClick={() => {
              setUserAnchor(null);
              onSignOut();
            }}
          >
            <ListItemIcon>
              <LogoutRounded fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('auth.signedIn.signOut')} />
          </MenuItem>
        </Menu>
      </Toolbar>
      {controls.exportAll && (
        <ExportAllDialog open={exportOpen} onClose={() => setExportOpen(false)} />
      )}
    </AppBar>
  );
}
