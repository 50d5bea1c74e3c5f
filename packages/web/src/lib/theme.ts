// The Material UI theme: the specification's breakpoints, a water-blue palette and quiet,
// professional component defaults, in a light and a dark variant.
import { breakpoints } from '@flowsight/domain/constants';
import { alpha, createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"PingFang SC"',
  '"Microsoft YaHei"',
  'sans-serif',
].join(',');

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

export function createAppTheme(mode: PaletteMode): Theme {
  const palette = palettes[mode];
  return createTheme({
    breakpoints: { values: { ...breakpoints } },
    palette: { mode, ...palette },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
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
  });
}
