// Breadcrumbs from the URL. Company, property, building and unit ids show the record's name
// (a numbered unit as "Unit 403"), read from the API; while it loads, or when the caller may not
// read it, the trail says only what the path itself says ("Company 12") — never an invented name.
// Every crumb shows where there is room; on a phone a long trail collapses to its first crumb and
// its last two, behind an ellipsis that expands it.
import { levelOfPlural } from '@flowsight/domain/level-plurals';
import { webRoutes } from '@flowsight/domain/web-access';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type en from '@/i18n/locales/en.json';
import { useUnitTitle } from '@/lib/unit-title';
import { usePortfolioName } from './get-portfolio-name';

type SegmentName = keyof (typeof en)['breadcrumbs']['segments'];

/** The portfolio levels whose id follows their segment in a URL. */
const ENTITY_SEGMENTS = levelOfPlural;
type EntitySegment = keyof typeof ENTITY_SEGMENTS;

const isEntitySegment = (segment: string): segment is EntitySegment =>
  Object.hasOwn(ENTITY_SEGMENTS, segment);

export type Crumb =
  | { kind: 'section'; segment: string; path: string }
  | { kind: 'entity'; level: (typeof ENTITY_SEGMENTS)[EntitySegment]; id: string; path: string };

/** The trail of a path: each segment, with an id after a portfolio segment read as that entity. */
export function crumbsOf(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const crumbs: Crumb[] = [];
  segments.forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    const previous = segments[index - 1];
    if (previous !== undefined && isEntitySegment(previous) && /^\d+$/.test(segment)) {
      crumbs.push({ kind: 'entity', level: ENTITY_SEGMENTS[previous], id: segment, path });
    } else {
      crumbs.push({ kind: 'section', segment, path });
    }
  });
  return crumbs;
}

/** Whether a crumb leads to a page (group segments such as /micrometers are not pages). */
function isPage(crumb: Crumb): boolean {
  return (
    crumb.kind === 'entity' ||
    Object.hasOwn(webRoutes, crumb.path) ||
    crumb.path.startsWith('/companies/')
  );
}

type EntityLabelProps = { crumb: Extract<Crumb, { kind: 'entity' }> };

function EntityLabel({ crumb }: EntityLabelProps) {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const name = usePortfolioName(crumb.level, Number(crumb.id));
  if (name.data === undefined) return <>{t(`breadcrumbs.${crumb.level}`, { id: crumb.id })}</>;
  return <>{crumb.level === 'unit' ? unitTitle(name.data) : name.data}</>;
}

/** How many crumbs show before the trail collapses: all of them, but on a phone. */
export const PHONE_MAX_CRUMBS = 4;

export function ShellBreadcrumbs() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const crumbs = crumbsOf(pathname);
  if (crumbs.length === 0) return null;

  const labelOf = (crumb: Crumb) =>
    crumb.kind === 'entity' ? (
      <EntityLabel crumb={crumb} />
    ) : i18n.exists(`breadcrumbs.segments.${crumb.segment}`) ? (
      t(`breadcrumbs.segments.${crumb.segment as SegmentName}`)
    ) : (
      crumb.segment
    );

  return (
    <Breadcrumbs
      aria-label={t('breadcrumbs.label')}
      data-testid="breadcrumbs"
      maxItems={phone ? PHONE_MAX_CRUMBS : Math.max(crumbs.length, 1)}
      itemsBeforeCollapse={1}
      itemsAfterCollapse={2}
      expandText={t('breadcrumbs.expand')}
      sx={{ mb: 2, '& ol': { flexWrap: 'wrap' } }}
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 || !isPage(crumb) ? (
          <Typography
            key={crumb.path}
            color={index === crumbs.length - 1 ? 'text.primary' : 'text.secondary'}
            aria-current={index === crumbs.length - 1 ? 'page' : undefined}
          >
            {labelOf(crumb)}
          </Typography>
        ) : (
          <Link
            key={crumb.path}
            component={RouterLink}
            to={crumb.path}
            underline="hover"
            color="inherit"
          >
            {labelOf(crumb)}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
