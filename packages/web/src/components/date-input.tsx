// A calendar date field (local date, 'YYYY-MM-DD' in and out) that reads and writes in the app's
// language — "11/26/2026" in English, "26/11/2026" in French, "26.11.2026" in Romanian,
// "2026/11/26" in Chinese — with a calendar to pick from. The browser's own date input follows
// the browser's language instead, which is why the app does not use it. Only pages with dates
// load this code.
import type { SxProps, Theme } from '@mui/material/styles';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { frFR, roRO, zhCN } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/ro';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What `onChange` reports while the typed text is not (yet) a whole, real date. */
export const NOT_A_DATE = 'not-a-date';

const ISO = 'YYYY-MM-DD';

/** How long typing may pause before the caller hears of the date. */
const REPORT_AFTER_MS = 400;

/** The app's languages as dayjs names them, with the pickers' own texts (English is built in). */
const locales: Record<string, { dayjs: string; texts?: typeof frFR }> = {
  en: { dayjs: 'en' },
  fr: { dayjs: 'fr', texts: frFR },
  ro: { dayjs: 'ro', texts: roRO },
  zh: { dayjs: 'zh-cn', texts: zhCN },
};

function localeOf(language: string) {
  return locales[language.split('-')[0] ?? 'en'] ?? { dayjs: 'en' };
}

function parse(value: string | undefined): Dayjs | null {
  if (value === undefined || value === '') return null;
  const date = dayjs(value, ISO, true);
  return date.isValid() ? date : null;
}

function reportedValue(date: Dayjs | null): string {
  if (date === null) return '';
  return date.isValid() ? date.format(ISO) : NOT_A_DATE;
}

export type DateInputProps = {
  label: string;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** '' when cleared, 'YYYY-MM-DD' for a whole date, `NOT_A_DATE` while the text is not one. */
  onChange: (value: string) => void;
  /** Earliest and latest dates the calendar offers ('YYYY-MM-DD'). */
  min?: string;
  max?: string;
  error?: boolean;
  helperText?: string;
  required?: boolean;
  size?: 'small' | 'medium';
  /** The id of a message elsewhere on the page that describes this field. */
  describedBy?: string;
  sx?: SxProps<Theme>;
  'data-testid'?: string;
};

export function DateInput({
  label,
  value,
  onChange,
  min,
  max,
  error,
  helperText,
  required,
  size,
  describedBy,
  sx,
  'data-testid': testId,
}: DateInputProps) {
  const { i18n } = useTranslation();
  const locale = localeOf(i18n.language);
  const minDate = useMemo(() => parse(min), [min]);
  const maxDate = useMemo(() => parse(max), [max]);

  // The field shows what was typed at once; the caller hears of it after a pause in typing (or at
  // once on a calendar pick or on leaving the field), so typing "11/05/2026" asks for no data
  // about 01/01/2026 and 11/01/2026 on the way.
  const [shown, setShown] = useState<Dayjs | null>(() => parse(value));
  const [seen, setSeen] = useState(value);
  /** Values this field reported, which may come back as `value` a render or two later. */
  const reported = useRef<string[]>([value]);
  const waiting = useRef<{ timer: ReturnType<typeof setTimeout>; value: string } | null>(null);
  if (value !== seen) {
    setSeen(value);
    // Another value from outside (a reset, the address): show it. `NOT_A_DATE` keeps the text.
    if (!reported.current.includes(value)) {
      reported.current = [value];
      if (value !== NOT_A_DATE) setShown(parse(value));
    }
  }
  useEffect(() => () => clearTimeout(waiting.current?.timer), []);

  // A report runs from a timer set in an earlier render: it calls the newest `onChange`, whose
  // caller may have changed meanwhile (the other field of a range reported first).
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const report = (next: string) => {
    clearTimeout(waiting.current?.timer);
    waiting.current = null;
    reported.current = [...reported.current.slice(-9), next];
    latestOnChange.current(next);
  };
  const flush = () => {
    if (waiting.current !== null) report(waiting.current.value);
  };
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={locale.dayjs}
      localeText={locale.texts?.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      <DatePicker
        label={label}
        value={shown}
        onChange={(date) => {
          setShown(date);
          const next = reportedValue(date);
          clearTimeout(waiting.current?.timer);
          waiting.current = { value: next, timer: setTimeout(() => report(next), REPORT_AFTER_MS) };
        }}
        onAccept={(date) => report(reportedValue(date))}
        {...(minDate === null ? {} : { minDate })}
        {...(maxDate === null ? {} : { maxDate })}
        sx={sx}
        slotProps={{
          textField: {
            size,
            required,
            helperText,
            // The picker marks a date outside min/max itself; the caller's error adds to it.
            ...(error === true ? { error } : {}),
            'aria-describedby': describedBy,
            onBlur: flush,
            // @ts-expect-error data attributes pass through to the root element
            'data-testid': testId,
          },
        }}
      />
    </LocalizationProvider>
  );
}
