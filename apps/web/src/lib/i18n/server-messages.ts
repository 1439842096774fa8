import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from './i18n';

/**
 * The server and the shared schemas speak English; a feature's screens show what they say in the reader's language.
 * Each feature declares, in its `utils/messages.ts`, the texts it knows (English text → key of its namespace's
 * `messages`) and the texts with values inside (a pattern whose named groups become the translation's values);
 * `createMessages` turns that table into the feature's hook. A text the table does not know falls back to the
 * console's spec messages and error codes, so English readers see the server's own words.
 */

/** A text with values inside: its named groups are the values of `messages.<key>`. */
export type TMessagePattern = { pattern: RegExp; key: string };

export type TMessageTable<C> = {
  /** The server's exact texts → keys of the namespace's `messages`. */
  texts: Record<string, string>;
  patterns?: readonly TMessagePattern[];
  /**
   * Puts a pattern's values in the reader's words (a status, an action's name); `context` is what the screen gave
   * with the text. Without it the values are shown as the server wrote them.
   */
  values?: (values: Record<string, string>, how: { key: string; t: TFunction; english: boolean; context?: C }) => Record<string, string>;
};

/** A field error arrives as `field: text`; the table knows the text. */
const FIELD_PREFIX = /^[\w.]+: /;

/**
 * The hook of a feature's messages: `message(text)` for a text of the server (a reason, a field error, a notice),
 * `failure(error)` for a failed call, `success(text, fallback)` for a success notice (the server's text, or
 * `messages.<fallback>` when it said nothing).
 */
export function createMessages<C = never>(namespace: string, table: TMessageTable<C>) {
  return function useMessages() {
    const { t, i18n } = useTranslation(namespace);
    const english = i18n.language === 'en';

    const known = useCallback(
      (text: string, context?: C): string | null => {
        const key = table.texts[text];
        if (key) return t(`messages.${key}`);
        for (const { pattern, key: patternKey } of table.patterns ?? []) {
          const groups = pattern.exec(text)?.groups;
          if (!groups) continue;
          const values = table.values ? table.values({ ...groups }, { key: patternKey, t, english, context }) : groups;
          return t(`messages.${patternKey}`, values);
        }
        return null;
      },
      [t, english],
    );

    const message = useCallback(
      (text: string | undefined | null, context?: C): string => (text ? (known(text, context) ?? translateMessage(text)) : ''),
      [known],
    );

    /** A failed call: the server's text when known here (with or without its `field: ` prefix), else the error code's text. */
    const failure = useCallback(
      (error: unknown): string => {
        const raw = (error as { message?: unknown } | null)?.message;
        const found = typeof raw === 'string' && raw ? (known(raw) ?? known(raw.replace(FIELD_PREFIX, ''))) : null;
        return found ?? translateError(error);
      },
      [known],
    );

    const success = useCallback(
      (text: string | undefined, fallback: string): string => (text ? message(text) : t(`messages.${fallback}`)),
      [message, t],
    );

    return { message, failure, success };
  };
}
