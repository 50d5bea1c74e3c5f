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
import { useChartNumberFormats } from './chart-format';
import { ChartEmpty } from './chart-parts';

export type BarListItem = {
  key: string;
  label: string;
  value: number;
  /** A line under the label, e.g. "Building Hall · Elm Court". */
  secondary?: ReactNode;
  /** An in-app path the label links to. */
  to?: string;
};

export type BarListProps = {
  /** Names the list for assistive technology. */
  title: string;
  items: readonly BarListItem[];
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
  formatValue,
  emptyText,
  color,
  limit,
  'data-testid': testId,
}: BarListProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const numbers = useChartNumberFormats();
  const [expanded, setExpanded] = useState(false);
  const showValue = formatValue ?? numbers.number;
  if (items.length === 0) {
    return <ChartEmpty text={emptyText ?? t('usage.chart.empty')} data-testid={testId} />;
  }
  const max = Math.max(0, ...items.map((item) => item.value));
  const fill = color ?? theme.palette.primary.main;
  const folded = limit !== undefined && !expanded && items.length > limit;
  const shown = folded ? items.slice(0, limit) : items;
  return (
    <>
      <Box
        component="ol"
        aria-label={title}
        data-testid={testId}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          // One column no wider than the card: long names are cut with an ellipsis.
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1.25,
        }}
      >
        {shown.map((item) => {
          const share = max > 0 ? Math.max(0, item.value) / max : 0;
          return (
            <Box component="li" key={item.key} data-testid="bar-list-item" data-value={item.value}>
              <Box
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  alignItems: 'baseline',
                  gap: 1,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
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
                      noWrap
                      component="div"
                      sx={{ color: 'text.secondary' }}
                    >
                      {item.secondary}
                    </Typography>
                  )}
                </Box>
                <Typography
                  variant="body2"
                  sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}
                >
                  {showValue(item.value)}
                </Typography>
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
                  }}
                />
              </Box>
            </Box>
          );
        })}
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
    </>
  );
}
