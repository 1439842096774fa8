import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '@/lib/i18n/i18n';

/**
 * What the server says about SIMs (reasons a SIM did not move, upload refusals), by its English text,
 * so a Hindi reader sees it in Hindi. English shows the server's words as they are.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'Not found': 'notFound',
  'SIM not found': 'simNotFound',
  'Already with this organisation': 'alreadyThere',
  'Already in stock': 'alreadyInStock',
  'Allocation passes SIMs down the tree: roll it back to the organisation above first': 'downTheTree',
  'Held by your own organisation: only the provider takes SIMs back to stock': 'ownOrganization',
  'Organisation not found': 'organizationNotFound',
  'Operation not found': 'operationNotFound',
  'The file is empty': 'fileEmpty',
  'Attach a file': 'attachFile',
  'Give the IMEI: the SIM has not been seen in a device yet': 'imeiNeeded',
  'A static IP is set on one SIM at a time': 'staticIpOneSim',
  'SIMs updated': 'updated',
};

/** Reasons with a value inside (named groups: a `status` is translated, anything else kept). */
const MESSAGE_PATTERNS: { pattern: RegExp; key: string }[] = [
  {
    pattern: /^Status (?<status>\w+): only SIMs in stock or allocated \(not yet activated\) can be allocated$/,
    key: 'statusNotAllocatable',
  },
  { pattern: /^Status (?<status>\w+): there is no way back to stock after activation$/, key: 'statusNoWayBack' },
  { pattern: /^Status (?<status>\w+): nothing to lock$/, key: 'statusNothingToLock' },
  { pattern: /^This address is already set on SIM (?<iccid>\d+)$/, key: 'staticIpTaken' },
];

/** Translates the SIM screens' server messages, and failures of calls. */
export function useSimMessages() {
  const { t } = useTranslation('sims');
  const message = useCallback(
    (text: string | undefined | null): string => {
      if (!text) return '';
      const key = MESSAGE_KEYS[text];
      if (key) return t(`messages.${key}`);
      for (const { pattern, key: patternKey } of MESSAGE_PATTERNS) {
        const groups = pattern.exec(text)?.groups;
        if (!groups) continue;
        const values = { ...groups };
        if (groups.status) values.status = t(`status.${groups.status}`, { defaultValue: groups.status });
        return t(`messages.${patternKey}`, values);
      }
      return translateMessage(text);
    },
    [t],
  );
  const failure = useCallback(
    (error: unknown): string => {
      const text = translateError(error);
      const key = MESSAGE_KEYS[text];
      return key ? t(`messages.${key}`) : text;
    },
    [t],
  );
  return { message, failure };
}
