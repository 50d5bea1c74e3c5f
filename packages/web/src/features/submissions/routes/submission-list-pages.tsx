// The provider's readings lists outside the portfolio (spec section 2, system roles):
// /submissions/unassigned (MACs no unit owns), /submissions/keep-alive and /submissions/parsed-old
// (legacy v1 frames, still counted).
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import type { SubmissionList } from '../api/submission-source';
import { SubmissionsTable } from '../components/submissions-table';

const pages = {
  unassigned: { key: 'unassigned', kindFilter: true, place: false },
  keepalive: { key: 'keepAlive', kindFilter: false, place: true },
  'parsed-old': { key: 'parsedOld', kindFilter: false, place: true },
} as const satisfies Record<SubmissionList, { key: string; kindFilter: boolean; place: boolean }>;

export type SubmissionListPageProps = { list: SubmissionList };

export function SubmissionListPage({ list }: SubmissionListPageProps) {
  const { t } = useTranslation();
  const page = pages[list];
  return (
    <Stack spacing={2} data-testid={`submissions-${list}-page`}>
      <PageHeader
        title={t(`submissions.lists.${page.key}.title`)}
        intro={t(`submissions.lists.${page.key}.intro`)}
      />
      <SubmissionsTable
        key={list}
        source={{ list }}
        label={t(`submissions.lists.${page.key}.title`)}
        emptyText={t(`submissions.lists.${page.key}.empty`)}
        kindFilter={page.kindFilter}
        place={page.place}
      />
    </Stack>
  );
}

export const UnassignedSubmissionsPage = () => <SubmissionListPage list="unassigned" />;
export const KeepAliveSubmissionsPage = () => <SubmissionListPage list="keepalive" />;
export const ParsedOldSubmissionsPage = () => <SubmissionListPage list="parsed-old" />;
