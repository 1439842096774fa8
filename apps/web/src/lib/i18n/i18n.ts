import { ERROR_CODES } from '@tarang/shared/common/errors';
import { MESSAGES } from '@tarang/shared/common/messages';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadScriptFonts } from './script-fonts';

/**
 * i18next with English (default and fallback) and Hindi. Translations live beside the code that
 * uses them: `src/features/<feature>/locales/<lng>.json` (namespace = feature) and
 * `src/locales/<namespace>/<lng>.json` for words shared by the whole console. The English
 * `messages` and `errors` namespaces are the shared catalogues of spec messages and error codes
 * themselves, so their wording cannot drift.
 *
 * The words of the public pages (common, auth) ship with the page in English; every other namespace,
 * and every Hindi text, loads when a page first needs it (useTranslation suspends until then).
 */
export const LANGUAGES = [
  { code: 'en', label: 'English', nativeLabel: 'English' },
  { code: 'hi', label: 'Hindi', nativeLabel: 'हिन्दी' },
] as const;
export type TLanguage = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: TLanguage = 'en';
export const LANGUAGE_STORAGE_KEY = 'language';

type TJson = { [key: string]: unknown };

/** English namespaces in the first download: what the sign-in and status pages say. */
export const BUNDLED_NAMESPACES = ['common', 'auth', 'messages', 'errors'] as const;

const bundledEnglish = import.meta.glob<TJson>(['../../locales/common/en.json', '../../features/auth/locales/en.json'], {
  eager: true,
  import: 'default',
});

/** Namespace and language of a locale file path. */
export function localeFileId(file: string): { ns: string; lng: string } | null {
  const feature = /features\/([^/]+)\/locales\/([a-z]+)\.json$/.exec(file);
  if (feature) return { ns: feature[1]!, lng: feature[2]! };
  const shared = /locales\/([^/]+)\/([a-z]+)\.json$/.exec(file);
  if (shared) return { ns: shared[1]!, lng: shared[2]! };
  return null;
}

/** The English texts that come from the shared package rather than from locale files. */
export const generatedEnglish: Record<string, TJson> = {
  messages: { ...MESSAGES },
  errors: Object.fromEntries(Object.entries(ERROR_CODES).map(([code, v]) => [code, v.message])),
};

/** The bundled English namespaces by name (the others load through locale-files.ts). */
const bundled = new Map<string, TJson>();
for (const [file, data] of Object.entries(bundledEnglish)) {
  const id = localeFileId(file);
  if (id) bundled.set(`${id.lng}/${id.ns}`, data);
}

function bundledResources(): Record<string, Record<string, ResourceKey>> {
  const en: Record<string, ResourceKey> = { ...generatedEnglish };
  for (const [file, data] of Object.entries(bundledEnglish)) {
    const id = localeFileId(file);
    if (id) en[id.ns] = data;
  }
  return { en };
}

/** Loads a namespace of a language from its locale file, on first use. */
const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read: (lng, ns, callback) => {
    const generated = lng === 'en' ? generatedEnglish[ns] : undefined;
    if (generated) return callback(null, generated);
    const own = bundled.get(`${lng}/${ns}`);
    if (own) return callback(null, own);
    import('./locale-files')
      .then(({ loadLocale }) => loadLocale(lng, ns))
      .then(
        (data) => callback(null, data),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

export function isLanguage(value: unknown): value is TLanguage {
  return LANGUAGES.some((l) => l.code === value);
}

export function readStoredLanguage(): TLanguage {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(lng: TLanguage): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* the choice lasts for this visit only */
  }
}

function applyDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

export const i18n = i18next.createInstance();
/** Resolves when the starting language's texts are there. */
export const i18nReady = i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: bundledResources(),
    partialBundledLanguages: true,
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    ns: [...BUNDLED_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  })
  .then(() => undefined);
applyDocumentLanguage(i18n.language ?? DEFAULT_LANGUAGE);
i18n.on('languageChanged', applyDocumentLanguage);

export async function changeLanguage(lng: TLanguage): Promise<void> {
  storeLanguage(lng);
  await loadScriptFonts(lng);
  await i18n.changeLanguage(lng);
}

/** A spec message (shared MESSAGES key) in the current language. */
export function tMessage(key: keyof typeof MESSAGES): string {
  return i18n.t(key, { ns: 'messages' });
}

const messageKeyByText = new Map<string, keyof typeof MESSAGES>(
  (Object.entries(MESSAGES) as [keyof typeof MESSAGES, string][]).map(([k, v]) => [v, k]),
);

/** Translates a message that may be one of the spec messages (e.g. a form error from a shared schema). */
export function translateMessage(text: string | undefined | null): string {
  if (!text) return '';
  const key = messageKeyByText.get(text);
  return key ? tMessage(key) : text;
}

/**
 * The text to show for a failed call: an error code's own message in the current language, or the
 * server's message when it said something more specific (a field, a reason).
 */
export function translateError(error: unknown, fallback: string = MESSAGES.genericClientError): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' && e.message ? e.message : '';
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code in ERROR_CODES && (!message || message === ERROR_CODES[code as keyof typeof ERROR_CODES].message)) {
    return i18n.t(code, { ns: 'errors' });
  }
  return message ? translateMessage(message) : translateMessage(fallback);
}
