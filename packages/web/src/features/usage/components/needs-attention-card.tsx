// The company dashboard's "Needs attention": where to act first. The open leaks, the
// costliest first with what each costs a month; the micrometers not transmitting; the gateways
// offline. Each line is one click from its place: a leak opens its unit, a micrometer its unit's
// (or building's) micrometers with its dialog, a gateway the gateways page with it open. When all
// is well it says so.

import { buildingPath, companyPath, unitPath } from '@flowsight/domain/paths';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNumberFormats } from '@/lib/number-format';
import { timeAgo } from '@/lib/time-ago';
import { useUnitTitle } from '@/lib/unit-title';
import { type NeedsAttention, useNeedsAttention } from '../api/get-needs-attention';

/** How many of each kind the section lists (the count and "and N more" tell the rest). */
const ROWS = 5;
const PHONE_ROWS = 3;

type Leak = NeedsAttention['leaks']['data'][number];
type Micrometer = NeedsAttention['silent_micrometers']['data'][number];
type Gateway = NeedsAttention['gateways_offline']['data'][number];
type Place = {
  company_id: number;
  property_id: number | null;
  building_id: number | null;
  unit_id?: number | null;
};

/** The page of the most precise place known (the company's when none). */
function placePath(place: Place): string {
  const { company_id, property_id, building_id, unit_id } = place;
  if (property_id === null || building_id === null) return companyPath(company_id);
  if (unit_id === null || unit_id === undefined) {
    return buildingPath(company_id, property_id, building_id);
  }
  return unitPath(company_id, property_id, building_id, unit_id);
}

export const leakPath = (leak: Leak) =>
  leak.unit_id === null ? `${placePath(leak)}/alerts` : placePath(leak);
export const micrometerPath = (micrometer: Micrometer) =>
  micrometer.building_id === null
    ? `${placePath(micrometer)}/micrometers`
    : `${placePath(micrometer)}/micrometers?mac=${encodeURIComponent(micrometer.mac_address)}`;
export const gatewayPath = (gateway: Gateway) => `/gateways?gateway=${gateway.id}`;

type Named = {
  property_name: string | null;
  building_name: string | null;
  unit_name?: string | null;
};
const joined = (parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => part !== null && part !== undefined && part !== '');

/** A place in words, the most precise part first: "Unit 1A", "Alder · Court". */
function usePlaceWords() {
  const { t } = useTranslation();
  const unitTitle = useUnitTitle();
  const notPlaced = t('usage.attention.noPlace');
  return {
    /** The unit's title, else the building, else the property. */
    title: (row: Named) =>
      joined([
        row.unit_name ? unitTitle(row.unit_name) : null,
        row.building_name,
        row.property_name,
      ])[0] ?? notPlaced,
    /** What holds it: "Alder · Court" for a unit, "Court" for a building. */
    within: (row: Named) => {
      const parts = joined([
        row.unit_name ? unitTitle(row.unit_name) : null,
        row.building_name,
        row.property_name,
      ]);
      return parts.slice(1).join(' · ');
    },
    /** The whole place: "Unit 1A · Alder". */
    line: (row: Named) =>
      joined([row.unit_name ? unitTitle(row.unit_name) : null, row.building_name]).join(' · ') ||
      row.property_name ||
      notPlaced,
  };
}

type GroupProps = {
  title: string;
  count: number;
  shown: number;
  /** Where the rest are listed ("and 20 more"). */
  moreTo: string;
  summary?: string;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
};

function Group({ title, count, shown, moreTo, summary, testId, children, footer }: GroupProps) {
  const { t } = useTranslation();
  const numbers = useNumberFormats();
  return (
    <Box component="section" aria-label={title} data-testid={testId} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography
          variant="subtitle2"
          component="span"
          sx={{ color: count > 0 ? 'error.main' : 'text.secondary', fontWeight: 600 }}
        >
          {numbers.count(count)}
        </Typography>
      </Stack>
      {summary !== undefined && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
          {summary}
        </Typography>
      )}
      {count === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {t('usage.attention.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {children}
        </List>
      )}
      {count > shown && (
        <Link
          component={RouterLink}
          to={moreTo}
          variant="caption"
          underline="hover"
          sx={{ display: 'block', px: 1 }}
        >
          {t('usage.attention.more', { count: count - shown })}
        </Link>
      )}
      {footer}
    </Box>
  );
}

function Line({
  to,
  primary,
  secondary,
  value,
  caption,
}: {
  to: string;
  primary: string;
  secondary: string;
  /** A figure on the right (a leak's monthly cost), bold. */
  value?: string;
  /** A line under it (the rate, or when the device was last heard). */
  caption?: string;
}) {
  return (
    <ListItemButton component={RouterLink} to={to} sx={{ borderRadius: 1, px: 1, gap: 1 }}>
      <ListItemText
        primary={primary}
        secondary={secondary}
        slotProps={{
          primary: { noWrap: true, sx: { fontWeight: 500 } },
          secondary: { noWrap: true },
        }}
        sx={{ minWidth: 0, my: 0.25 }}
      />
      <Box sx={{ flexShrink: 0, textAlign: 'right' }}>
        {value !== undefined && (
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
          >
            {value}
          </Typography>
        )}
        {caption !== undefined && (
          <Typography
            variant="caption"
            sx={{ color: 'text.secondary', display: 'block', whiteSpace: 'nowrap' }}
          >
            {caption}
          </Typography>
        )}
      </Box>
    </ListItemButton>
  );
}

export function NeedsAttentionCard({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const numbers = useNumberFormats();
  const place = usePlaceWords();
  const query = useNeedsAttention(companyId);
  // The first few of each kind, fewer on a phone, so the dashboard's charts stay in reach.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const first = <T,>(rows: readonly T[]) => rows.slice(0, phone ? PHONE_ROWS : ROWS);
  const title = t('usage.attention.title');
  const answer = query.data;
  const ago = (iso: string) => timeAgo(iso, Date.now(), i18n.language);

  let body: ReactNode;
  if (query.isPending) {
    body = <Skeleton variant="rounded" height={120} />;
  } else if (query.isError || answer === undefined) {
    body = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'error.main' }}>
          {t('usage.attention.error')}
        </Typography>
        <Button size="small" onClick={() => void query.refetch()}>
          {t('usage.attention.retry')}
        </Button>
      </Stack>
    );
  } else if (
    answer.leaks.count === 0 &&
    answer.silent_micrometers.count === 0 &&
    answer.gateways_offline.count === 0
  ) {
    body = (
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', py: 1 }}
        data-testid="needs-attention-empty"
      >
        <CheckCircleOutlineRounded sx={{ color: 'success.main', fontSize: 32 }} />
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{t('usage.attention.allWell')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('usage.attention.allWellText')}
          </Typography>
        </Box>
      </Stack>
    );
  } else {
    const { leaks, silent_micrometers: silent, gateways_offline: gateways } = answer;
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Group
          title={t('usage.attention.leaks')}
          count={leaks.count}
          shown={first(leaks.data).length}
          moreTo={`${companyPath(companyId)}/alerts`}
          testId="attention-leaks"
          {...(leaks.count > 0
            ? {
                summary: t('usage.attention.leaksSummary', {
                  cost: numbers.money(leaks.monthly_cost),
                }),
              }
            : {})}
          footer={
            leaks.count > 0 ? (
              <Button
                size="small"
                component={RouterLink}
                to={`${companyPath(companyId)}/alerts`}
                sx={{ mt: 0.5 }}
              >
                {t('usage.attention.allLeaks')}
              </Button>
            ) : undefined
          }
        >
          {first(leaks.data).map((leak) => (
            <Line
              key={leak.id}
              to={leakPath(leak)}
              primary={place.title(leak)}
              secondary={place.within(leak)}
              {...(leak.monthly_cost === null
                ? {}
                : {
                    value: t('usage.attention.perMonth', {
                      cost: numbers.money(leak.monthly_cost),
                    }),
                  })}
              caption={
                leak.rate === null
                  ? ago(leak.first_detected)
                  : leak.alerts > 1
                    ? t('usage.attention.incidentRate', {
                        gallons: numbers.count(leak.rate),
                        count: leak.alerts,
                      })
                    : t('usage.attention.rate', { gallons: numbers.count(leak.rate) })
              }
            />
          ))}
        </Group>
        <Group
          title={t('usage.attention.silent')}
          count={silent.count}
          shown={first(silent.data).length}
          moreTo={`${companyPath(companyId)}/micrometers`}
          testId="attention-micrometers"
        >
          {first(silent.data).map((micrometer) => (
            <Line
              key={micrometer.id}
              to={micrometerPath(micrometer)}
              primary={micrometer.mac_address}
              secondary={place.line(micrometer)}
              caption={
                micrometer.last_heard === null
                  ? t('usage.attention.neverHeard')
                  : t('usage.attention.lastHeard', { when: ago(micrometer.last_heard) })
              }
            />
          ))}
        </Group>
        <Group
          title={t('usage.attention.gateways')}
          count={gateways.count}
          shown={first(gateways.data).length}
          moreTo="/gateways"
          testId="attention-gateways"
        >
          {first(gateways.data).map((gateway) => (
            <Line
              key={gateway.id}
              to={gatewayPath(gateway)}
              primary={
                gateway.name ? `${gateway.serial_number} · ${gateway.name}` : gateway.serial_number
              }
              secondary={place.line(gateway)}
              caption={
                gateway.last_seen_at === null
                  ? t('usage.attention.neverSeen')
                  : t('usage.attention.lastSeen', { when: ago(gateway.last_seen_at) })
              }
            />
          ))}
        </Group>
      </Box>
    );
  }
  return (
    <Card component="section" aria-label={title} data-testid="needs-attention">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 1.5 }}>
          {title}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}
