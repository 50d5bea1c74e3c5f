// The header's leak bell (spec section 2, "Header controls"): a badge with the number of active
// leaks that opens the popup listing them (`leak-popup.tsx`, loaded at the first input on the
// page). The count follows the live alert stream.
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import NotificationsNoneRounded from '@mui/icons-material/NotificationsNoneRounded';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadOnFirstInput } from '@/components/first-input';
import { LazyTooltip } from '@/components/lazy-tooltip';
import { useOpenedOnce } from '@/components/opened-once';
import { withEnglishPages } from '@/i18n/i18n';
import { useActiveLeaks } from '../api/get-active-leaks';

const loadLeakPopup = () => withEnglishPages(import('./leak-popup'));
const LeakPopup = lazy(async () => ({ default: (await loadLeakPopup()).LeakPopup }));
preloadOnFirstInput(loadLeakPopup);

export function LeakBell() {
  const { t } = useTranslation();
  const leaks = useActiveLeaks();
  const popupId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const opened = useOpenedOnce(anchor !== null);
  const count = leaks.data?.length ?? 0;
  const bellLabel = t('alerts.bell.label', { count });

  return (
    <>
      <LazyTooltip title={t('alerts.bell.open')}>
        <IconButton
          aria-label={bellLabel}
          aria-haspopup="dialog"
          aria-controls={anchor === null ? undefined : popupId}
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
          data-testid="leak-bell"
        >
          <Badge
            badgeContent={count}
            color="error"
            max={99}
            data-testid="leak-bell-count"
            data-count={count}
          >
            {count > 0 ? <NotificationsActiveRounded /> : <NotificationsNoneRounded />}
          </Badge>
        </IconButton>
      </LazyTooltip>
      {opened && (
        <Suspense fallback={null}>
          <LeakPopup id={popupId} anchor={anchor} onClose={() => setAnchor(null)} leaks={leaks} />
        </Suspense>
      )}
    </>
  );
}
