// The Material UI theme: the specification's breakpoints, a water-blue palette (or one of eight
// preset colours), the chosen font and direction, quiet component defaults, in a light and a dark
// variant, with Material UI's own texts in the interface language.
import { breakpoints, type Language } from '@flowsight/domain/constants';
import { enUS, frFR, roRO, zhCN } from '@mui/material/locale';
import { alpha, createTheme, type PaletteMode, type Theme } from '@mui/material/styles';
import type { Direction, FontChoice, ThemePreset } from './settings-storage';

const fallbackFonts = ['"Noto Sans"', '"PingFang SC"', '"Microsoft YaHei"', 'sans-serif'];

export const fontFamilies: Record<FontChoice, string> = {
  system: [
    'system-ui',
    '-apple-system',
    '"Segoe UI"',
    'Roboto',
    '"Helvetica Neue"',
    'Arial',
    ...fallbackFonts,
  ].join(','),
  roboto: ['Roboto', '"Helvetica Neue"', 'Arial', ...fallbackFonts].join(','),
  serif: ['Georgia', '"Noto Serif"', '"Times New Roman"', '"Songti SC"', 'serif'].join(','),
};

const palettes = {
  light: {
    primary: { main: '#0b6bcb', light: '#4f9be6', dark: '#074f99', contrastText: '#ffffff' },
    secondary: { main: '#0f8f8a', contrastText: '#ffffff' },
    background: { default: '#f4f7fb', paper: '#ffffff' },
    text: { primary: '#0f1d2b', secondary: '#4a5b6d' },
    divider: '#dde5ee',
  },
  dark: {
    primary: { main: '#5aa9f0', light: '#8cc4f5', dark: '#2f7fcc', contrastText: '#04192c' },
    secondary: { main: '#3cc4bc', contrastText: '#04201e' },
    background: { default: '#0b1520', paper: '#111e2b' },
    text: { primary: '#e6edf5', secondary: '#9fb0c2' },
    divider: '#223345',
  },
} as const;

/** The preset colours' primary colour in the light and in the dark mode. */
export const presetColours: Record<ThemePreset, { light: string; dark: string }> = {
  default: { light: palettes.light.primary.main, dark: palettes.dark.primary.main },
  teal: { light: '#00796b', dark: '#4db6ac' },
  indigo: { light: '#3949ab', dark: '#7986cb' },
  purple: { light: '#7b1fa2', dark: '#ba68c8' },
  pink: { light: '#c2185b', dark: '#f06292' },
  red: { light: '#c62828', dark: '#ef5350' },
  orange: { light: '#e65100', dark: '#ffa726' },
  green: { light: '#2e7d32', dark: '#66bb6a' },
  slate: { light: '#455a64', dark: '#90a4ae' },
};

const muiLocales = { en: enUS, fr: frFR, ro: roRO, zh: zhCN } as const;

export type AppThemeOptions = {
  mode: PaletteMode;
  preset?: ThemePreset;
  direction?: Direction;
  font?: FontChoice;
  language?: Language;
};

export function createAppTheme({
  mode,
  preset = 'default',
  direction = 'ltr',
  font = 'system',
  language = 'en',
}: AppThemeOptions): Theme {
  const palette = palettes[mode];
  const primary = preset === 'default' ? palette.primary : { main: presetColours[preset][mode] };
  return createTheme(
    {
      direction,
      breakpoints: { values: { ...breakpoints } },
      palette: { mode, ...palette, primary },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily: fontFamilies[font],
        h1: { fontWeight: 700, letterSpacing: '-0.02em' },
        h2: { fontWeight: 700, letterSpacing: '-0.015em' },
        h3: { fontWeight: 700, letterSpacing: '-0.01em' },
        h4: { fontWeight: 600 },
        h5: { fontWeight: 600 },
        h6: { fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        MuiCssBaseline: {
          // Pages fill the viewport, so short pages can centre their content and push a footer down.
          styleOverrides: {
            '#root': { minHeight: '100dvh', display: 'flex', flexDirection: 'column' },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: { root: { borderRadius: 8 } },
        },
        MuiPaper: {
          // Dark surfaces keep their palette colour instead of MUI's lightening overlay.
          styleOverrides: { root: { backgroundImage: 'none' } },
        },
        MuiAppBar: {
          defaultProps: { elevation: 0, color: 'inherit' },
          styleOverrides: {
            root: {
              backgroundColor: alpha(palette.background.paper, 0.85),
              backdropFilter: 'blur(8px)',
              borderBottom: `1px solid ${palette.divider}`,
            },
          },
        },
      },
    },
    muiLocales[language],
  );
}
