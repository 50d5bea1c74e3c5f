// `/confirmation/:notificationId/:status/:token` (public): the page behind an alert email's
// "On it" / "Fixed it" button. Opening it changes nothing — mail scanners follow links too; the
// person confirms in a dialog (a note for "Fixed it") and only then is the link used, once, after
// which they land on `/email-links/:status`. A link that cannot be used says why.
import { NotificationStatus } from '@flowsight/domain/lookups';
import BuildCircleOutlined from '@mui/icons-material/BuildCircleOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessages } from '@/lib/api-error';
import { useConfirmEmailLink } from '../api/confirm-email-link';
import { useEmailLink } from '../api/get-email-link';
import { AlertFacts } from '../components/alert-facts';
import { EmailActionCard } from '../components/email-action-card';
import { EmailActionDialog } from '../components/email-action-dialog';
import { useLinkProblemText } from '../utils/link-problems';

export function ConfirmationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const link = {
    notificationId: Number(params.notificationId),
    status: Number(params.status),
    token: params.token ?? '',
  };
  const wellFormed =
    Number.isInteger(link.notificationId) &&
    link.notificationId > 0 &&
    (link.status === NotificationStatus.Acknowledged ||
      link.status === NotificationStatus.Closed) &&
    link.token !== '';
  const answer = useEmailLink(link);
  const confirm = useConfirmEmailLink();
  const problemText = useLinkProblemText();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<readonly string[]>([]);
  const fixing = link.status === NotificationStatus.Closed;

  if (!wellFormed) {
    return (
      <EmailActionCard
        data-testid="email-action-invalid"
        icon={<LinkOffOutlined />}
        title={t('emailActions.page.unusableTitle')}
        subtitle={problemText('invalid', null)}
      >
        <SignInButton />
      </EmailActionCard>
    );
  }
  if (answer.isPending) return <PageLoader />;
  if (answer.isError) {
    return (
      <EmailActionCard
        data-testid="email-action-invalid"
        icon={<LinkOffOutlined />}
        title={t('emailActions.page.unusableTitle')}
      >
        <Alert severity="error" role="alert">
          {errorMessages(answer.error).join('\n')}
        </Alert>
        <SignInButton />
      </EmailActionCard>
    );
  }
  const { data } = answer;

  const submit = (note: string | undefined) => {
    setRefusal([]);
    confirm.mutate(
      { ...link, note },
      {
        onSuccess: () => navigate(`/email-links/${link.status}`, { replace: true }),
        onError: (error) => {
          setAsking(false);
          setRefusal(errorMessages(error));
        },
      },
    );
  };

  return (
    <EmailActionCard
      data-testid="email-action-page"
      icon={
        !data.valid ? (
          <LinkOffOutlined />
        ) : fixing ? (
          <BuildCircleOutlined />
        ) : (
          <NotificationsActiveOutlined />
        )
      }
      title={
        !data.valid
          ? t('emailActions.page.unusableTitle')
          : fixing
            ? t('emailActions.page.fixedItTitle')
            : t('emailActions.page.onItTitle')
      }
      subtitle={
        data.valid
          ? fixing
            ? t('emailActions.page.fixedItIntro')
            : t('emailActions.page.onItIntro')
          : undefined
      }
    >
      {refusal.length > 0 && (
        <Alert severity="error" role="alert" data-testid="email-action-refused">
          {refusal.map((message) => (
            <span key={message} style={{ display: 'block' }}>
              {message}
            </span>
          ))}
        </Alert>
      )}
      {!data.valid && refusal.length === 0 && (
        <Alert severity="warning" data-testid="email-action-problem">
          {problemText(data.reason, data.message)}
        </Alert>
      )}
      {data.alert !== null && <AlertFacts alert={data.alert} />}
      <Stack spacing={1.5}>
        {data.valid && (
          <Button
            variant="contained"
            size="large"
            color={fixing ? 'success' : 'primary'}
            onClick={() => setAsking(true)}
            data-testid="email-action-button"
          >
            {fixing ? t('emailActions.page.fixedItButton') : t('emailActions.page.onItButton')}
          </Button>
        )}
        <SignInButton variant={data.valid ? 'text' : 'outlined'} />
      </Stack>
      <EmailActionDialog
        open={asking}
        status={link.status}
        busy={confirm.isPending}
        onConfirm={submit}
        onCancel={() => setAsking(false)}
      />
    </EmailActionCard>
  );
}

function SignInButton({ variant = 'outlined' }: { variant?: 'text' | 'outlined' }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to="/login" variant={variant} size="large">
      {t('emailActions.page.signIn')}
    </Button>
  );
}
