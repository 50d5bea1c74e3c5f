// A ranked list with a horizontal bar per row, for breakdowns (fixtures, units, properties).
// Plain list markup: each row reads as "label, value" without the bars, and a row can link on.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNumberFormats } from '@/lib/number-format';
import { ChartEmpty } from './chart-parts';

export type BarListItem = {
  key: string;
  label: string;
  value: number;
  /** A line under the label, e.g. "Building Hall · Elm Court". */
  secondary?: ReactNode;
  /** A line under the value, e.g. its share of the whole. */
  detail?: ReactNode;
  /** An in-app path the label links to. */
  to?: string;
  /** The bar's colour when it is not the list's. */
  color?: string;
};

export type BarListProps = {
  /** Names the list for assistive technology. */
  title: string;
  items: readonly BarListItem[];
  /**
   * Rows that are not part of the ranking (e.g. water no fixture accounts for): listed after it
   * behind a rule, with striped bars on the same scale, never folded; their secondary line wraps.
   */
  apart?: readonly BarListItem[];
  /** Names the `apart` rows for assistive technology. */
  apartTitle?: string;
  formatValue?: (value: number) => string;
  emptyText?: string;
  color?: string;
  /** Rows shown before a "show all" button (all when not set). */
  limit?: number;
  'data-testid'?: string;
};

export function BarList({
  title,
  items,
  apart = [],
  apartTitle,
  formatValue,
  emptyText,
  color,
  limit,
  'data-testid': testId,
}: BarListProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const numbers = useNumberFormats();
  const [expanded, setExpanded] = useState(false);
  const showValue = formatValue ?? numbers.decimal;
  if (items.length === 0 && apart.every((item) => item.value <= 0)) {
    return <ChartEmpty text={emptyText ?? t('usage.chart.empty')} data-testid={testId} />;
  }
  const max = Math.max(0, ...items.map((item) => item.value), ...apart.map((item) => item.value));
  const fill = color ?? theme.palette.primary.main;
  const folded = limit !== undefined && !expanded && items.length > limit;
  const shown = folded ? items.slice(0, limit) : items;
  const listSx = {
    listStyle: 'none',
    m: 0,
    p: 0,
    display: 'grid',
    // One column no wider than the card: long names are cut with an ellipsis.
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: 1.25,
  } as const;
  const bars = (list: readonly BarListItem[], isApart?: boolean) =>
    list.map((item) => (
      <BarRow
        key={item.key}
        item={item}
        max={max}
        fill={item.color ?? fill}
        showValue={showValue}
        apart={isApart}
      />
    ));
  return (
    <>
      <Box component="ol" aria-label={title} data-testid={testId} sx={listSx}>
        {bars(shown)}
      </Box>
      {limit !== undefined && items.length > limit && (
        <Button
          size="small"
          onClick={() => setExpanded((value) => !value)}
          sx={{ mt: 1 }}
          data-testid="bar-list-more"
        >
          {expanded
            ? t('usage.chart.showFewer')
            : t('usage.chart.showAll', { total: items.length })}
        </Button>
      )}
      {apart.length > 0 && (
        <Box
          component="ul"
          aria-label={apartTitle}
          data-testid={testId === undefined ? undefined : `${testId}-apart`}
          sx={{
            ...listSx,
            mt: 1.5,
            pt: 1.5,
            borderTop: 1,
            borderColor: 'divider',
            borderTopStyle: 'dashed',
          }}
        >
          {bars(apart, true)}
        </Box>
      )}
    </>
  );
}

type BarRowProps = {
  item: BarListItem;
  max: number;
  fill: string;
  showValue: (value: number) => string;
  apart?: boolean;
};

function BarRow({ item, max, fill, showValue, apart = false }: BarRowProps) {
  const theme = useTheme();
  const share = max > 0 ? Math.max(0, item.value) / max : 0;
  return (
    <Box
      component="li"
      data-testid={apart ? 'bar-list-apart-item' : 'bar-list-item'}
      data-value={item.value}
      data-bar={share.toFixed(3)}
    >
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 1,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: apart ? 600 : 500 }}>
            {item.to === undefined ? (
              item.label
            ) : (
              <Link component={RouterLink} to={item.to} underline="hover">
                {item.label}
              </Link>
            )}
          </Typography>
          {item.secondary !== undefined && (
            <Typography
              variant="caption"
              noWrap={!apart}
              component="div"
              sx={{ color: 'text.secondary' }}
            >
              {item.secondary}
            </Typography>
          )}
        </Box>
        <Box sx={{ textAlign: 'right', flexShrink: 0, alignSelf: 'flex-start' }}>
          <Typography
            variant="body2"
            sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}
          >
            {showValue(item.value)}
          </Typography>
          {item.detail !== undefined && (
            <Typography
              variant="caption"
              component="div"
              sx={{
                color: 'text.secondary',
                fontVariantNumeric: 'tabular-nums',
                whiteSpace: 'nowrap',
              }}
            >
              {item.detail}
            </Typography>
          )}
        </Box>
      </Box>
      <Box
        aria-hidden
        sx={{
          mt: 0.5,
          height: 8,
          borderRadius: 4,
          bgcolor: alpha(fill, 0.14),
          overflow: 'hidden',
        }}
      >
        <Box
          sx={{
            height: '100%',
            width: `${(share * 100).toFixed(2)}%`,
            minWidth: item.value > 0 ? 2 : 0,
            borderRadius: 4,
            bgcolor: fill,
            // Rows apart from the ranking read as a different kind of figure.
            backgroundImage: apart
              ? `repeating-linear-gradient(135deg, transparent 0 3px, ${alpha(theme.palette.background.paper, 0.5)} 3px 5px)`
              : undefined,
          }}
        />
      </Box>
    </Box>
  );
}
