import { MODULE_GROUPS, MODULES } from '@tarang/shared/modules/module-catalogue';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TranslationNotice } from '@/components/ui/translation-notice';
import { renderWithProviders } from '@/testing/test-utils';
import { generatedEnglish, i18n, localeFileId } from './i18n';
import { NAMESPACES } from './locale-files';
import { flattenKeys, missingKeys, PARTIALLY_TRANSLATED_NAMESPACES } from './translation-status';

const files = import.meta.glob<Record<string, unknown>>(['../../features/*/locales/*.json', '../../locales/*/*.json'], {
  eager: true,
  import: 'default',
});

function texts(lng: string, ns: string): unknown {
  if (lng === 'en' && generatedEnglish[ns]) return generatedEnglish[ns];
  const entry = Object.entries(files).find(([file]) => {
    const id = localeFileId(file);
    return id?.ns === ns && id.lng === lng;
  });
  return entry?.[1];
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('translations', () => {
  it.each(
    NAMESPACES.filter((ns) => !PARTIALLY_TRANSLATED_NAMESPACES.includes(ns)),
  )('namespace "%s" has every English key in Hindi', (ns) => {
    expect(flattenKeys(texts('en', ns)).length).toBeGreaterThan(0);
    expect(missingKeys(texts('en', ns), texts('hi', ns))).toEqual([]);
  });

  it('names every module and group of the catalogue', () => {
    const en = texts('en', 'common') as { modules: Record<string, string>; groups: Record<string, string> };
    for (const m of MODULES) expect(en.modules[m.id], m.id).toBeTruthy();
    for (const g of MODULE_GROUPS) expect(en.groups[g.id], g.id).toBeTruthy();
  });

  it('finds a key that Hindi lacks', () => {
    expect(missingKeys({ a: 'A', b: { c: 'C' } }, { a: 'अ' })).toEqual(['b.c']);
  });

  it('shows the partial-translation notice only for pages with untranslated keys', async () => {
    i18n.addResourceBundle('en', 'zz-partial', { title: 'Title', body: 'Body' });
    i18n.addResourceBundle('hi', 'zz-partial', { title: 'शीर्षक' });
    i18n.addResourceBundle('en', 'zz-complete', { title: 'Title' });
    i18n.addResourceBundle('hi', 'zz-complete', { title: 'शीर्षक' });
    await act(() => i18n.changeLanguage('hi'));
    const { unmount } = await renderWithProviders(<TranslationNotice namespaces={['zz-partial']} />);
    expect(await screen.findByTestId('partial-translation-notice')).toHaveTextContent('इस पृष्ठ का केवल कुछ भाग ही अनुवादित है।');
    unmount();
    await renderWithProviders(<TranslationNotice namespaces={['zz-complete', 'common']} />);
    expect(screen.queryByTestId('partial-translation-notice')).not.toBeInTheDocument();
  });
});
