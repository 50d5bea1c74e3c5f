// `/email-links/:status` (public): where a confirmed email action lands — a short thank-you for
// "On it" (reminders stop) or "Fixed it" (the alert is closed).
import { NotificationStatus } from '@flowsight/domain/lookups';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { EmailActionCard } from '../components/email-action-card';

export function EmailLinkDonePage() {
  const { t } = useTranslation();
  const status = Number(useParams().status);
  const [title, text] =
    status === NotificationStatus.Acknowledged
      ? [t('emailActions.done.onItTitle'), t('emailActions.done.onItText')]
      : status === NotificationStatus.Closed
        ? [t('emailActions.done.fixedItTitle'), t('emailActions.done.fixedItText')]
        : [t('emailActions.done.otherTitle'), t('emailActions.done.otherText')];

  return (
    <EmailActionCard
      data-testid={`email-link-done-${status}`}
      icon={status === NotificationStatus.Closed ? <TaskAltOutlined /> : <CheckCircleOutline />}
      title={title}
      subtitle={text}
    >
      <Button component={RouterLink} to="/login" variant="contained" size="large">
        {t('emailActions.page.signIn')}
      </Button>
    </EmailActionCard>
  );
}
