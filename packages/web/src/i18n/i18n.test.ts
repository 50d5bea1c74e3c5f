import { describe, expect, it } from 'vitest';
import { createAppI18n, loadCatalogues, switchLanguage } from './i18n';

describe('catalogues on demand', () => {
  it('bundles English and fetches another language when switching to it', async () => {
    const i18n = createAppI18n('en');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
    expect(i18n.t('breadcrumbs.segments.dashboard')).toBe('Dashboard');
    await switchLanguage(i18n, 'fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('breadcrumbs.segments.dashboard')).toBe('Tableau de bord');
  });

  it('starts in a stored language with its catalogue fetched first', async () => {
    const catalogues = await loadCatalogues('zh');
    expect(Object.keys(catalogues)).toEqual(['zh']);
    const i18n = createAppI18n('zh', catalogues);
    expect(i18n.t('breadcrumbs.segments.dashboard')).toBe('仪表板');
    expect(await loadCatalogues('en')).toEqual({});
  });
});
