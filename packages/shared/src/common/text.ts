import { z } from 'zod';
import { ID_PATTERN } from './ids';

/**
 * The one string type of the contract. Every text a client sends is built here, so the rule for what text may hold
 * lives in one place (docs/decisions/019-input-contract.md):
 *
 * - no C0 control character (U+0000–U+001F) and no DEL (U+007F): PostgreSQL refuses U+0000 in text and JSON outright,
 *   and the others have no business in a name, a filter or an identifier;
 * - tab, line feed and carriage return only in fields the console edits in a text area (`multilineText`).
 *
 * Both are plain zod strings with one `regex` check, so `.min/.max/.regex/.trim/.toLowerCase` chain as usual and the
 * OpenAPI document shows the rule as a `pattern`.
 */

/** One line of text: no C0 control character, no DEL. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f]*$/;
/** Text of a text area: tab, line feed and carriage return allowed; other C0 controls and DEL not. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this pattern is for
export const MULTILINE_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

export const SINGLE_LINE_MESSAGE = 'must be text without control characters or line breaks';
export const MULTILINE_MESSAGE = 'must be text without control characters (tabs and line breaks are allowed)';

/** The patterns a request string must carry (the OpenAPI guard test checks every one). */
export const TEXT_PATTERNS: readonly RegExp[] = [SINGLE_LINE_PATTERN, MULTILINE_PATTERN];

/** A single-line text field, query parameter, path parameter or header. */
export function text(message: string = SINGLE_LINE_MESSAGE) {
  return z.string().regex(SINGLE_LINE_PATTERN, message);
}

/**
 * One line of text whose surrounding whitespace (tabs and line breaks included) is trimmed before the rule applies:
 * for a search box, where a term of only whitespace means "no term" rather than a bad character.
 */
export function trimmedText(message: string = SINGLE_LINE_MESSAGE) {
  return z.string().trim().regex(SINGLE_LINE_PATTERN, message);
}

/** A text-area field (descriptions, reasons, notes, messages): tab, CR and LF allowed. */
export function multilineText(message: string = MULTILINE_MESSAGE) {
  return z.string().regex(MULTILINE_PATTERN, message);
}

/** JSON Schema's name of zod's string formats: a custom pattern hides the format from the document, so it is restated. */
const JSON_SCHEMA_FORMATS: Record<string, string> = {
  datetime: 'date-time',
  date: 'date',
  ipv4: 'ipv4',
  ipv6: 'ipv6',
  url: 'uri',
  email: 'email',
};

/** Adds the single-line rule to one of zod's string formats (a date, an IP address, a URL), which are strings too. */
export function singleLine<T extends z.ZodStringFormat>(format: T): T {
  const ruled = format.regex(SINGLE_LINE_PATTERN, SINGLE_LINE_MESSAGE) as T;
  const name = JSON_SCHEMA_FORMATS[format._zod.def.format];
  return name ? (ruled.meta({ format: name }) as T) : ruled;
}

/** Whether a value holds a character `text()` refuses. */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return !(multiline ? MULTILINE_PATTERN : SINGLE_LINE_PATTERN).test(value);
}

/** An identifier (spec §9): 24 lowercase hex characters. */
export const ZId = text().regex(ID_PATTERN, 'must be a 24-character id');
