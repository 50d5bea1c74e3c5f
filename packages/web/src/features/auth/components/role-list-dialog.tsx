// "Switch Role" (spec section 2, "Dialogs" — user role list): every role of the user by its
// description, a search box ('Type to search...') whose case-insensitive match is highlighted,
// the active role marked, and a delete button per role behind a confirmation.
import type { SessionRole } from '@flowsight/domain/auth';
import { LAST_ROLE_MESSAGE } from '@flowsight/domain/auth-messages';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPanel, FormDialog } from '@/components/dialogs/form-dialog';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import {
  ROLE_DELETE_FAILED_MESSAGE,
  ROLE_DELETED_MESSAGE,
  useTranslateMessage,
} from '@/i18n/messages';
import { errorMessages } from '@/lib/api-error';
import { useDeleteRole } from '../api/delete-role';

/** The text split around every case-insensitive occurrence of `query`. */
export function matchParts(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [{ text, match: false }];
  const haystack = text.toLocaleLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}

type HighlightedProps = { text: string; query: string };

function Highlighted({ text, query }: HighlightedProps) {
  // Each part is keyed by where it starts in the text.
  let offset = 0;
  const parts = matchParts(text, query).map((part) => {
    const start = offset;
    offset += part.text.length;
    return { ...part, start };
  });
  return (
    <>
      {parts.map((part) =>
        part.match ? (
          <Box
            key={part.start}
            component="mark"
            sx={{ bgcolor: 'warning.light', color: 'inherit', px: 0.25, borderRadius: 0.5 }}
          >
            {part.text}
          </Box>
        ) : (
          <span key={part.start}>{part.text}</span>
        ),
      )}
    </>
  );
}

export type RoleListDialogProps = {
  open: boolean;
  roles: readonly SessionRole[];
  activeRoleId: number;
  onClose: () => void;
  /** Switches to the chosen role (the app then reloads at `/`). */
  onSelect: (roleId: number) => Promise<void>;
  /** Called after the server deleted a role, with the fresh token it answered, if any. */
  onDeleted: (roleId: number, accessToken?: string) => void;
};

export function RoleListDialog({
  open,
  roles,
  activeRoleId,
  onClose,
  onSelect,
  onDeleted,
}: RoleListDialogProps) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { showMessage } = useSnackbar();
  const [query, setQuery] = useState('');
  const [pendingDelete, setPendingDelete] = useState<SessionRole | null>(null);
  const [switching, setSwitching] = useState<number | null>(null);
  const deleteRole = useDeleteRole();
  const needle = query.trim().toLocaleLowerCase();
  const shown = roles.filter((role) => role.description.toLocaleLowerCase().includes(needle));

  const select = (roleId: number) => {
    if (roleId === activeRoleId || switching !== null) return;
    setSwitching(roleId);
    onSelect(roleId).catch((error: unknown) => {
      setSwitching(null);
      showMessage(errorMessages(error).map(translate).join('\n'), 'error');
    });
  };

  const confirmDelete = () => {
    if (pendingDelete === null) return;
    const roleId = pendingDelete.id;
    deleteRole.mutate(roleId, {
      onSuccess: (result) => {
        setPendingDelete(null);
        onDeleted(roleId, result.access_token);
        showMessage(translate(ROLE_DELETED_MESSAGE), 'success');
      },
      onError: (error) => {
        setPendingDelete(null);
        const lastRole = errorMessages(error).includes(LAST_ROLE_MESSAGE);
        showMessage(translate(lastRole ? LAST_ROLE_MESSAGE : ROLE_DELETE_FAILED_MESSAGE), 'error');
      },
    });
  };

  return (
    <>
      <FormDialog open={open} onClose={onClose} maxWidth="sm" data-testid="role-list-dialog">
        <DialogPanel title={t('shell.roles.title')}>
          <TextField
            fullWidth
            size="small"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('shell.roles.searchPlaceholder')}
            slotProps={{
              htmlInput: { 'aria-label': t('shell.roles.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ mb: 1 }}
          />
          {shown.length === 0 ? (
            <Typography sx={{ color: 'text.secondary', py: 2 }}>
              {t('shell.roles.noMatch')}
            </Typography>
          ) : (
            <List aria-label={t('shell.roles.title')}>
              {shown.map((role) => {
                const active = role.id === activeRoleId;
                return (
                  <ListItem
                    key={role.id}
                    disablePadding
                    data-testid="role-option"
                    secondaryAction={
                      <Tooltip
                        title={
                          active ? t('shell.roles.activeCannotDelete') : t('shell.roles.delete')
                        }
                      >
                        <span>
                          <IconButton
                            edge="end"
                            aria-label={t('shell.roles.deleteRole', { role: role.description })}
                            disabled={active}
                            onClick={() => setPendingDelete(role)}
                          >
                            <DeleteOutlineRounded />
                          </IconButton>
                        </span>
                      </Tooltip>
                    }
                  >
                    <ListItemButton
                      selected={active}
                      aria-current={active ? 'true' : undefined}
                      disabled={switching !== null && switching !== role.id}
                      onClick={() => select(role.id)}
                    >
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        {active && <CheckCircleRounded color="primary" fontSize="small" />}
                      </ListItemIcon>
                      <ListItemText
                        primary={<Highlighted text={role.description} query={query} />}
                        secondary={
                          active ? (
                            <Chip
                              size="small"
                              color="primary"
                              label={t('shell.roles.active')}
                              sx={{ mt: 0.5 }}
                            />
                          ) : undefined
                        }
                        slotProps={{ secondary: { component: 'div' } }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          )}
        </DialogPanel>
      </FormDialog>
      <ConfirmationDialog
        open={pendingDelete !== null}
        text={t('shell.roles.deleteConfirm', { role: pendingDelete?.description ?? '' })}
        busy={deleteRole.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
