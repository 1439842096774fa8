import { generatedEnglish, localeFileId } from './i18n';

/**
 * Where each namespace's words are, per language: the locale files that load on first use. Kept out of the first
 * download (i18n.ts imports this module only when a namespace outside the bundled English ones is first read), so the
 * sign-in page does not carry a loader for every feature of the console.
 */
type TJson = { [key: string]: unknown };

const loadable = import.meta.glob<TJson>(
  ['../../features/*/locales/*.json', '../../locales/*/*.json', '!../../locales/common/en.json', '!../../features/auth/locales/en.json'],
  { import: 'default' },
);

const loaders = new Map<string, () => Promise<TJson>>();
for (const [file, load] of Object.entries(loadable)) {
  const id = localeFileId(file);
  if (id) loaders.set(`${id.lng}/${id.ns}`, load);
}

/** The words of a namespace in a language, or nothing when it has no file in that language. */
export async function loadLocale(lng: string, ns: string): Promise<TJson> {
  const load = loaders.get(`${lng}/${ns}`);
  return load ? await load() : {};
}

/** Every namespace of the console (the lazy ones, the bundled ones and those made from the shared package). */
export const NAMESPACES = [
  ...new Set([...[...loaders.keys()].map((k) => k.split('/')[1]!), 'common', 'auth', ...Object.keys(generatedEnglish)]),
].sort();
