// The frame every signed-in page lives in (spec section 2, "Main shell"): header, side drawer
// (permanent from the lg breakpoint, temporary below it, mini when the setting is on; none at all
// for the sensor tester and the company installer), breadcrumbs, and the page, at most 2400 px
// wide. It also sends a role outside a route's list to that role's default path.
import { breakpoints, DRAWER_WIDTH, LAYOUT_MAX_WIDTH } from '@flowsight/domain/constants';
import { defaultPathFor } from '@flowsight/domain/navigation';
import {
  activeRoleContext,
  hasDrawer,
  headerControls,
  mayOpen,
  sideMenu,
} from '@flowsight/domain/web-access';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import type { Theme } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { useOpenedOnce } from '@/components/opened-once';
import { useUpdateMfaStatus } from '@/features/auth/api/update-mfa-status';
import { forgetRoleSwitch, peekRoleSwitch } from '@/features/auth/utils/role-switch-notice';
import { withEnglishPages } from '@/i18n/i18n';
import { useTranslateMessage } from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useSignedInSession } from '@/lib/session';
import { useSettings } from '@/lib/settings-context';
import { AppHeader } from './app-header';
import { RouteProgress } from './route-progress';
import { ShellBreadcrumbs } from './shell-breadcrumbs';
import { SideMenu } from './side-menu';

export const MINI_DRAWER_WIDTH = 72;

const RoleListDialog = lazy(async () => ({
  default: (await withEnglishPages(import('@/features/auth/components/role-list-dialog')))
    .RoleListDialog,
}));
const CustomizationDrawer = lazy(async () => ({
  default: (await withEnglishPages(import('@/components/shell/customization-drawer')))
    .CustomizationDrawer,
}));

export function AppShell() {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const { settings, updateSettings } = useSettings();
  const { user, roles, activeRole, signOut, switchRole, updateUser, forgetRole } =
    useSignedInSession();
  const { pathname } = useLocation();
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  const [rolesOpen, setRolesOpen] = useState(false);
  const [customizeOpen, setCustomizeOpen] = useState(false);
  const rolesOpened = useOpenedOnce(rolesOpen);
  const customizeOpened = useOpenedOnce(customizeOpen);
  const updateMfa = useUpdateMfaStatus();

  const role = useMemo(
    () => activeRoleContext(activeRole, roles.length),
    [activeRole, roles.length],
  );
  const homePath = defaultPathFor(role.roleTypeId, role.companyTypeId);
  const withDrawer = hasDrawer(role);
  const menu = useMemo(() => sideMenu(role), [role]);
  const controls = headerControls(role);
  const mini = desktop && settings.miniDrawer;
  const drawerWidth = mini ? MINI_DRAWER_WIDTH : DRAWER_WIDTH;

  // The "<role> was selected" notice survives the reload a role switch makes; shown once here.
  useEffect(() => {
    const switchedTo = peekRoleSwitch();
    if (switchedTo === null) return;
    forgetRoleSwitch();
    showMessage(t('auth.signedIn.roleSelected', { role: switchedTo }), 'success');
  }, [showMessage, t]);

  // A temporary drawer closes when the page changes (set while rendering, so an opening that
  // comes before the first effects have run is kept).
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    setMobileOpen(false);
  }

  if (!mayOpen(pathname, role)) return <Navigate to={homePath} replace />;

  // The switch can be undone from its snackbar (spec section 9, 'UNDO'); the undoing itself not.
  const setMfa = (enable: boolean, undoable: boolean) => {
    updateMfa.mutate(enable, {
      onSuccess: ({ message }) => {
        updateUser({ mfa: enable ? 1 : 0 });
        showMessage(
          translate(message),
          'success',
          undoable ? { onUndo: () => setMfa(!enable, false) } : {},
        );
      },
      onError: (error) => showMessage(errorMessages(error).map(translate).join('\n'), 'error'),
    });
  };
  const toggleMfa = () => setMfa(user.mfa !== 1, true);

  const toggleDrawer = () => {
    if (desktop) updateSettings({ miniDrawer: !settings.miniDrawer });
    else setMobileOpen((open) => !open);
  };

  const menuContent = (compact: boolean) => (
    <SideMenu
      items={menu}
      mini={compact}
      onNavigate={() => setMobileOpen(false)}
      onExpandRequest={() => updateSettings({ miniDrawer: false })}
    />
  );

  return (
    <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }} data-testid="app-shell">
      <AppHeader
        controls={controls}
        homePath={homePath}
        user={user}
        roleDescription={activeRole.description}
        mfa={{
          label: user.mfa === 1 ? t('shell.header.disableMfa') : t('shell.header.enableMfa'),
          busy: updateMfa.isPending,
          onToggle: toggleMfa,
        }}
        onDrawerToggle={withDrawer ? toggleDrawer : undefined}
        drawerExpanded={desktop ? !settings.miniDrawer : mobileOpen}
        onOpenRoles={() => setRolesOpen(true)}
        onOpenCustomize={() => setCustomizeOpen(true)}
        onSignOut={signOut}
      />
      <Box sx={{ flex: 1, display: 'flex' }}>
        {withDrawer && desktop && (
          <Drawer
            variant="permanent"
            data-testid="side-drawer"
            sx={{
              width: drawerWidth,
              flexShrink: 0,
              '& .MuiDrawer-paper': {
                width: drawerWidth,
                boxSizing: 'border-box',
                overflowX: 'hidden',
              },
            }}
          >
            <Toolbar />
            {menuContent(mini)}
          </Drawer>
        )}
        {withDrawer && !desktop && (
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            data-testid="side-drawer"
            sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
          >
            <Toolbar />
            {menuContent(false)}
          </Drawer>
        )}
        <Box
          component="main"
          sx={{ flex: 1, minWidth: 0, px: { xs: 2, md: 3 }, py: { xs: 2, md: 3 } }}
        >
          <Box
            sx={{
              mx: 'auto',
              width: '100%',
              maxWidth: settings.container === 'boxed' ? breakpoints.lg : LAYOUT_MAX_WIDTH,
            }}
          >
            <RouteProgress />
            <ShellBreadcrumbs />
            <Outlet />
          </Box>
        </Box>
      </Box>
      {controls.switchRole && rolesOpened && (
        <Suspense fallback={null}>
          <RoleListDialog
            open={rolesOpen}
            roles={roles}
            activeRoleId={activeRole.id}
            onClose={() => setRolesOpen(false)}
            onSelect={switchRole}
            onDeleted={forgetRole}
          />
        </Suspense>
      )}
      {customizeOpened && (
        <Suspense fallback={null}>
          <CustomizationDrawer open={customizeOpen} onClose={() => setCustomizeOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
