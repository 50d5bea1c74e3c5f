// Print rules of the reports page: only the report (its heading and table) is printed — the
// shell's header, drawer and breadcrumbs and the page's form are left out, and the table is not
// clipped to the screen's width. Mounted with the page, so other pages print as they are.
import GlobalStyles from '@mui/material/GlobalStyles';

export const PRINT_ROOT = 'data-report-print';
export const SCREEN_ONLY = 'data-screen-only';

const printRules = {
  '@media print': {
    // Everything that neither holds the report nor is inside it.
    [`body *:not(:has([${PRINT_ROOT}])):not([${PRINT_ROOT}]):not([${PRINT_ROOT}] *)`]: {
      display: 'none !important',
    },
    [`[${SCREEN_ONLY}]`]: { display: 'none !important' },
    // The report's ancestors (shell boxes) give up their margins, paddings and borders.
    [`body *:has([${PRINT_ROOT}])`]: {
      margin: '0 !important',
      padding: '0 !important',
      border: '0 !important',
      boxShadow: 'none !important',
      maxWidth: 'none !important',
      minHeight: '0 !important',
      overflow: 'visible !important',
    },
    [`[${PRINT_ROOT}]`]: { width: '100%' },
    '@page': { margin: '12mm' },
  },
} as const;

export function ReportPrintStyles() {
  return <GlobalStyles styles={printRules} />;
}
