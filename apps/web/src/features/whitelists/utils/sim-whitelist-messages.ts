import { useCallback, useMemo } from 'react';
import { useRequestMessages } from '@/features/requests/utils/messages';
import { isApiError } from '@/lib/api-client';
import { translateError } from '@/lib/i18n/i18n';
import { useWhitelistMessages } from './messages';

/**
 * What the server says about whitelists on SIMs, in the reader's words: the whitelist rules' texts (a group that
 * cannot be applied, SIMs outside its organisation, what the reconcile found) first, then the request engine's (why
 * SIMs cannot take a request, a schedule in the past), then the shared catalogue.
 */
export function useSimWhitelistMessages() {
  const whitelist = useWhitelistMessages();
  const requests = useRequestMessages();
  const failure = useCallback(
    (error: unknown): string => {
      const own = whitelist.failure(error);
      return own !== translateError(error) ? own : requests.failure(error);
    },
    [whitelist.failure, requests.failure],
  );
  return useMemo(
    () => ({ failure, message: whitelist.message, success: whitelist.success }),
    [failure, whitelist.message, whitelist.success],
  );
}

/** Whether a refusal is about the group (not approved, inactive, empty, out of reach): it is said under the picker. */
export const aboutGroup = (error: unknown): boolean => isApiError(error) && (error.errors ?? []).some((e) => e.path === 'groupId');
