// The shell's header: the drawer button, the brand, the global search (a field from the sm
// breakpoint up, a search button below it), and the role's header controls (spec section 2,
// "Header controls") — inline from the md breakpoint up, collapsed into one pop-up menu below it
// (`header-menus.tsx`). The leak bell (roles that have it) and the user menu (account and
// sign-out) always show.
import type { HeaderControls } from '@flowsight/domain/web-access';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import LockResetRounded from '@mui/icons-material/LockResetRounded';
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
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { preloadOnFirstInput } from '@/components/first-input';
import { FrameLanguageSelect } from '@/components/frame-language-select';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { useOpenedOnce } from '@/components/opened-once';
import { LeakBell } from '@/features/alerts/components/leak-bell';
import { GlobalSearch } from '@/features/search/components/global-search';
import { withEnglishPages } from '@/i18n/i18n';
import type { MfaSwitch } from './header-menus';

// Parts only some roles have, or that only show on request, load when first needed.
const ExportAllDialog = lazy(async () => ({
  default: (await withEnglishPages(import('@/features/exports/components/export-all-dialog')))
    .ExportAllDialog,
}));
// The header's menus come at the first input on the page, so that they open at once.
const loadHeaderMenus = () => import('./header-menus');
const MoreMenu = lazy(async () => ({ default: (await loadHeaderMenus()).MoreMenu }));
const UserMenu = lazy(async () => ({ default: (await loadHeaderMenus()).UserMenu }));
preloadOnFirstInput(loadHeaderMenus);
const GatewaySearch = lazy(async () => ({
  default: (await withEnglishPages(import('@/features/gateways/components/gateway-search')))
    .GatewaySearch,
}));

export type AppHeaderProps = {
  controls: HeaderControls;
  homePath: string;
  user: { first_name: string; last_name: string; email: string };
  roleDescription: string;
  mfa: MfaSwitch;
  /** Shown only when the role has a drawer. */
  onDrawerToggle?: () => void;
  drawerExpanded: boolean;
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
  mfa,
  onDrawerToggle,
  drawerExpanded,
  onOpenRoles,
  onOpenCustomize,
  onSignOut,
}: AppHeaderProps) {
  const { t } = useTranslation();
  const roomy = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const searchInline = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm'), {
    noSsr: true,
  });
  const [exportOpen, setExportOpen] = useState(false);
  const exportOpened = useOpenedOnce(exportOpen);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const moreOpened = useOpenedOnce(moreAnchor !== null);
  const userMenuOpened = useOpenedOnce(userAnchor !== null);
  const moreMenuId = useId();
  const userMenuId = useId();
  const closeMore = () => setMoreAnchor(null);
  const fullName = `${user.first_name} ${user.last_name}`.trim();

  const inlineControls = (
    <>
      {controls.changePassword && (
        <LazyTooltip title={t('shell.header.changePassword')}>
          <IconButton
            component={RouterLink}
            to="/change-password"
            aria-label={t('shell.header.changePassword')}
            data-testid="header-change-password"
          >
            <LockResetRounded />
          </IconButton>
        </LazyTooltip>
      )}
      {controls.mfaToggle && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<SecurityRounded />}
          loading={mfa.busy}
          onClick={mfa.onToggle}
          data-testid="header-mfa"
        >
          {mfa.label}
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
          <FrameLanguageSelect />
        </Box>
      )}
      {controls.exportAll && (
        <LazyTooltip title={t('exportAll.open')}>
          <IconButton
            aria-label={t('exportAll.open')}
            aria-haspopup="dialog"
            onClick={() => setExportOpen(true)}
            data-testid="header-export-all"
          >
            <FileDownloadOutlined />
          </IconButton>
        </LazyTooltip>
      )}
      <LazyTooltip title={t('customize.open')}>
        <IconButton
          aria-label={t('customize.open')}
          onClick={onOpenCustomize}
          data-testid="header-customize"
        >
          <PaletteOutlined />
        </IconButton>
      </LazyTooltip>
    </>
  );

  const collapsedControls = (
    <>
      <LazyTooltip title={t('shell.header.more')}>
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
      </LazyTooltip>
      {moreOpened && (
        <Suspense fallback={null}>
          <MoreMenu
            id={moreMenuId}
            anchor={moreAnchor}
            onClose={closeMore}
            controls={controls}
            mfa={mfa}
            onOpenRoles={onOpenRoles}
            onExportAll={() => setExportOpen(true)}
            onOpenCustomize={onOpenCustomize}
          />
        </Suspense>
      )}
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
          {controls.gatewaySearch && (
            <Suspense fallback={null}>
              <GatewaySearch compact={!roomy} />
            </Suspense>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="header-controls">
          {controls.leakBell && <LeakBell />}
          {roomy ? inlineControls : collapsedControls}
          <LazyTooltip title={t('shell.header.account')}>
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
          </LazyTooltip>
        </Box>
        {userMenuOpened && (
          <Suspense fallback={null}>
            <UserMenu
              id={userMenuId}
              anchor={userAnchor}
              onClose={() => setUserAnchor(null)}
              fullName={fullName}
              email={user.email}
              roleDescription={roleDescription}
              settings={controls.settings}
              onSignOut={onSignOut}
            />
          </Suspense>
        )}
      </Toolbar>
      {controls.exportAll && exportOpened && (
        <Suspense fallback={null}>
          <ExportAllDialog open={exportOpen} onClose={() => setExportOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
