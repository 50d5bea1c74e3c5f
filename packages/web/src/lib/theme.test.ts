import { describe, expect, it } from 'vitest';
import { createAppTheme, presetColours } from './theme';

describe('theme', () => {
  it('gives Material UI’s own texts in the interface language', () => {
    const labelOf = (language: 'en' | 'fr' | 'ro' | 'zh') =>
      createAppTheme({ mode: 'light', language }).components?.MuiTablePagination?.defaultProps
        ?.labelRowsPerPage;
    // English is Material UI's built-in language: no override.
    expect(labelOf('en')).toBeUndefined();
    expect(labelOf('fr')).toMatch(/^Lignes par page/);
    expect(labelOf('ro')).toMatch(/^Rânduri pe pagină/);
    expect(labelOf('zh')).toMatch(/每页/);
  });

  it('applies the preset colour of the mode, and the direction', () => {
    const theme = createAppTheme({ mode: 'dark', preset: 'purple', direction: 'rtl' });
    expect(theme.palette.primary.main).toBe(presetColours.purple.dark);
    expect(theme.direction).toBe('rtl');
    expect(createAppTheme({ mode: 'light' }).palette.primary.main).toBe('#0b6bcb');
  });
});
