// The drawer's navigation: exactly the domain's `sideMenu(role)`, groups expandable, the current
// page marked. In mini mode only the icons show, with their names as tooltips.
import { NAVIGATION_GROUP_MISCONFIGURED } from '@flowsight/domain/constants';
import { isMisconfiguredGroup, type MenuItem } from '@flowsight/domain/web-access';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { menuIcons } from './menu-icons';

// Only roles with menu groups need the collapse; they load it as soon as the menu shows.
const loadCollapse = () => import('@mui/material/Collapse');
const Collapse = lazy(loadCollapse);

function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export type SideMenuProps = {
  items: readonly MenuItem[];
  mini?: boolean;
  /** Called after following a link (the temporary drawer closes). */
  onNavigate?: () => void;
  /** Asks the frame to leave mini mode, e.g. to show a group's pages. */
  onExpandRequest?: () => void;
};

type EntryProps = {
  item: MenuItem;
  mini: boolean;
  nested?: boolean;
  onNavigate?: () => void;
};

function MenuLink({ item, mini, nested = false, onNavigate }: EntryProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const Icon = menuIcons[item.id];
  const label = t(`nav.${item.id}`);
  const button = (
    <ListItemButton
      component={NavLink}
      to={item.path}
      selected={isCurrent(pathname, item.path)}
      onClick={onNavigate}
      data-testid={`menu-${item.id}`}
      aria-label={mini ? label : undefined}
      sx={{
        borderRadius: 2,
        mx: 1,
        mb: 0.25,
        pl: nested && !mini ? 4 : 2,
        justifyContent: mini ? 'center' : 'flex-start',
      }}
    >
      <ListItemIcon sx={{ minWidth: mini ? 0 : 40, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!mini && <ListItemText primary={label} />}
    </ListItemButton>
  );
  return mini ? (
    <LazyTooltip title={label} placement="right">
      {button}
    </LazyTooltip>
  ) : (
    button
  );
}

type GroupProps = {
  item: MenuItem & { children: readonly MenuItem[] };
  mini: boolean;
  onNavigate?: () => void;
  onExpandRequest?: () => void;
};

function MenuGroup({ item, mini, onNavigate, onExpandRequest }: GroupProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const containsCurrent = item.children.some((child) => isCurrent(pathname, child.path));
  const [open, setOpen] = useState(containsCurrent);
  const Icon = menuIcons[item.id];
  const label = t(`nav.${item.id}`);
  const toggle = () => {
    if (mini) {
      setOpen(true);
      onExpandRequest?.();
      return;
    }
    setOpen((current) => !current);
  };
  const button = (
    <ListItemButton
      onClick={toggle}
      aria-expanded={!mini && open}
      aria-label={mini ? label : undefined}
      data-testid={`menu-${item.id}`}
      sx={{
        borderRadius: 2,
        mx: 1,
        mb: 0.25,
        justifyContent: mini ? 'center' : 'flex-start',
        color: containsCurrent ? 'primary.main' : undefined,
      }}
    >
      <ListItemIcon sx={{ minWidth: mini ? 0 : 40, color: 'inherit' }}>
        <Icon fontSize="small" />
      </ListItemIcon>
      {!mini && <ListItemText primary={label} />}
      {!mini && (open ? <ExpandLessRounded /> : <ExpandMoreRounded />)}
    </ListItemButton>
  );
  return (
    <>
      {mini ? (
        <LazyTooltip title={label} placement="right">
          {button}
        </LazyTooltip>
      ) : (
        button
      )}
      {!mini && (
        <Suspense fallback={null}>
          <Collapse in={open} unmountOnExit>
            <List disablePadding>
              {item.children.map((child) => (
                <MenuLink key={child.id} item={child} mini={false} nested onNavigate={onNavigate} />
              ))}
            </List>
          </Collapse>
        </Suspense>
      )}
    </>
  );
}

export function SideMenu({ items, mini = false, onNavigate, onExpandRequest }: SideMenuProps) {
  const { t } = useTranslation();
  const hasGroups = items.some((item) => item.children !== undefined);
  useEffect(() => {
    if (hasGroups) void loadCollapse();
  }, [hasGroups]);
  return (
    <List component="nav" aria-label={t('shell.mainNavigation')} data-testid="side-menu">
      {items.map((item) =>
        isMisconfiguredGroup(item) ? (
          // A developer's mistake in the menu table, reported in place (spec section 8).
          <Box
            component="li"
            key={item.id}
            role="alert"
            data-testid={`menu-${item.id}`}
            sx={{ px: 3, py: 1 }}
          >
            <ListItemText
              primary={NAVIGATION_GROUP_MISCONFIGURED}
              slotProps={{ primary: { sx: { color: 'error.main', fontWeight: 600 } } }}
            />
          </Box>
        ) : item.children === undefined ? (
          <MenuLink key={item.id} item={item} mini={mini} onNavigate={onNavigate} />
        ) : (
          <MenuGroup
            key={item.id}
            item={{ ...item, children: item.children }}
            mini={mini}
            onNavigate={onNavigate}
            onExpandRequest={onExpandRequest}
          />
        ),
      )}
    </List>
  );
}
