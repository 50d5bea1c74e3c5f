import type { SessionRole } from '@flowsight/domain/auth';
import CheckRounded from '@mui/icons-material/CheckRounded';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type RoleSwitchMenuProps = {
  roles: readonly SessionRole[];
  activeRoleId: number;
  /** Called with the chosen role; the menu shows it is busy until the promise settles. */
  onSwitch: (roleId: number) => Promise<void>;
};

/** "Switch role": every role the user holds, the active one ticked. */
export function RoleSwitchMenu({ roles, activeRoleId, onSwitch }: RoleSwitchMenuProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const buttonId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [switching, setSwitching] = useState(false);

  const choose = (roleId: number) => {
    setAnchor(null);
    if (roleId === activeRoleId) return;
    setSwitching(true);
    onSwitch(roleId).finally(() => setSwitching(false));
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={<SwapHorizRounded />}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor !== null}
        loading={switching}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {t('auth.signedIn.switchRole')}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { maxWidth: 'min(440px, calc(100vw - 32px))' } },
        }}
      >
        {roles.map((role) => {
          const active = role.id === activeRoleId;
          return (
            <MenuItem key={role.id} selected={active} onClick={() => choose(role.id)}>
              <ListItemIcon>{active && <CheckRounded fontSize="small" />}</ListItemIcon>
              <ListItemText
                primary={role.description}
                slotProps={{ primary: { sx: { whiteSpace: 'normal' } } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
