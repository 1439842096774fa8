import { i18n } from './i18n';

/**
 * Namespaces whose Hindi translation is known to be incomplete. Pages that use them show a notice
 * in Hindi ("only part of this page is translated"); every other namespace must translate every key,
 * which `translation-status.test.ts` checks.
 */
export const PARTIALLY_TRANSLATED_NAMESPACES: readonly string[] = [];

type TJson = { [key: string]: unknown };

export function flattenKeys(data: unknown, prefix = ''): string[] {
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as TJson).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : flattenKeys(v, `${prefix}${k}.`)));
}

/** Keys of `source` (English) that `target` does not translate. */
export function missingKeys(source: unknown, target: unknown): string[] {
  const have = new Set(flattenKeys(target));
  return flattenKeys(source).filter((k) => !have.has(k));
}

/** Whether a page using these namespaces is fully translated in the current language. */
export function isFullyTranslated(namespaces: readonly string[], lng = i18n.language): boolean {
  if (!lng || lng === 'en') return true;
  return namespaces.every((ns) => missingKeys(i18n.getResourceBundle('en', ns), i18n.getResourceBundle(lng, ns)).length === 0);
}
