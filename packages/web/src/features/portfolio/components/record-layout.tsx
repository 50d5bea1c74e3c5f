// A portfolio record's page: its name (and a chip, e.g. the building's survey), the tabs of what
// is built so far as address segments, and the chosen tab below. A record that does not exist or
// is outside the caller's scope (404) shows "not found", never another company's data. For a
// restricted (type 3) company only the tabs of the domain's allow-list show
// (`@flowsight/domain/restricted-companies`, which the server's guard reads too); the address of
// another tab leads to the page's default one.
import { CompanyType } from '@flowsight/domain/lookups';
import {
  defaultTab,
  type RecordLevel,
  restrictedShowsTab,
} from '@flowsight/domain/restricted-companies';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Link as RouterLink, useLocation, useResolvedPath } from 'react-router';
import { StatusMessage } from '@/components/status-message';
import { errorMessages, isApiError } from '@/lib/api-error';
import { useSignedInSession } from '@/lib/session';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';

export type RecordTab = { path: string; label: string };

const notFoundKey = {
  company: 'portfolio.record.notFoundCompany',
  property: 'portfolio.record.notFoundProperty',
  building: 'portfolio.record.notFoundBuilding',
  unit: 'portfolio.record.notFoundUnit',
} as const;

export type RecordNotFoundProps = { level: RecordLevel; backTo: string };

export function RecordNotFound({ level, backTo }: RecordNotFoundProps) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      data-testid="record-not-found"
      icon={<SearchOffRounded />}
      code={404}
      title={t('portfolio.record.notFoundTitle')}
      description={t(notFoundKey[level])}
      actions={
        <Button component={RouterLink} to={backTo} variant="contained">
          {t('portfolio.record.backToList')}
        </Button>
      }
    />
  );
}

export type RecordLayoutProps<T> = {
  level: RecordLevel;
  /** The record's read; null when the address holds no id at all. */
  record: {
    isPending: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  } | null;
  title: (record: T) => string;
  subtitle?: (record: T) => ReactNode;
  chip?: (record: T) => ReactNode;
  tabs: (record: T) => readonly RecordTab[];
  /**
   * Whether the record itself belongs to a restricted company (its tabs are then those of the
   * allow-list for every viewer); the viewer's own restricted company always counts.
   */
  restricted?: (record: T) => boolean;
  /** Where "back" leads when the record is not found. */
  backTo: string;
};

export function RecordLayout<T>({
  level,
  record,
  title,
  subtitle,
  chip,
  tabs,
  restricted,
  backTo,
}: RecordLayoutProps<T>) {
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const { pathname } = useLocation();
  const base = useResolvedPath('.').pathname;
  const { activeRole } = useSignedInSession();
  const restrictedViewer = activeRole.company_type_id === CompanyType.Restricted;

  if (record === null || isApiError(record.error, 404)) {
    return <RecordNotFound level={level} backTo={backTo} />;
  }
  if (record.error !== null && record.error !== undefined) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
          {t('portfolio.record.loadError')} {errorMessages(record.error).map(translate).join(' ')}
        </Alert>
        <Button onClick={() => void record.refetch()}>{t('portfolio.list.retry')}</Button>
      </Stack>
    );
  }
  const data = record.data;
  if (record.isPending || data === undefined) {
    return (
      <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="text" sx={{ fontSize: 32, maxWidth: 360 }} />
        <Skeleton variant="rounded" height={48} />
        <Skeleton variant="rounded" height={240} />
      </Stack>
    );
  }

  const closed = restrictedViewer || restricted?.(data) === true;
  const all = tabs(data);
  const shown = closed ? all.filter((tab) => restrictedShowsTab(level, tab.path)) : all;
  const current = pathname.slice(base.length).split('/').filter(Boolean)[0];
  if (
    closed &&
    all.some((tab) => tab.path === current) &&
    !shown.some((tab) => tab.path === current)
  ) {
    return <Navigate to={`${base}/${defaultTab(level, true)}`} replace />;
  }
  const active = shown.find((tab) => tab.path === current)?.path ?? false;

  return (
    <Stack spacing={2} data-testid={`${level}-page`}>
      <Box>
        <Stack
          direction="row"
          spacing={1.5}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          <Typography
            variant="h4"
            component="h1"
            sx={{ fontSize: { xs: 24, sm: 30 }, overflowWrap: 'anywhere' }}
          >
            {title(data)}
          </Typography>
          {chip?.(data)}
        </Stack>
        {subtitle !== undefined && (
          <Typography sx={{ color: 'text.secondary', mt: 0.5 }}>{subtitle(data)}</Typography>
        )}
      </Box>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={active}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('portfolio.tabs.label')}
        >
          {shown.map((tab) => (
            <Tab
              key={tab.path}
              value={tab.path}
              label={tab.label}
              component={RouterLink}
              to={`${base}/${tab.path}`}
            />
          ))}
        </Tabs>
      </Box>
      <Outlet context={data} />
    </Stack>
  );
}
