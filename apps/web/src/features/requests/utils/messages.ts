import { REQUEST_TRANSITIONS } from '@tarang/shared/requests/request.constants';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translateError, translateMessage } from '@/lib/i18n/i18n';

/**
 * What the server says about requests (the reasons a SIM is left out, refusals of an action), by its English
 * text, so a Hindi reader sees it in Hindi. English shows the server's words as they are.
 */
const MESSAGE_KEYS: Record<string, string> = {
  'Not found': 'notFound',
  'Another request is working on this SIM': 'busy',
  'Give the IMEI: the SIM has not been seen in a device yet': 'noImei',
  'The SIM is not IMEI-locked': 'notLocked',
  'Part of this request has reached the operator: it can no longer be cancelled': 'tooLateToCancel',
  'The request is closed': 'closed',
  'The request is already closed': 'alreadyClosed',
  'Nothing to reinitiate: the MNO job has no failed task': 'nothingToReinitiate',
  'Not in this MNO job': 'notInMnoJob',
  'Already done': 'alreadyDone',
  'Already cancelled': 'alreadyCancelled',
  'Request not found': 'requestNotFound',
  'Job not found': 'jobNotFound',
  'MNO job not found': 'mnoJobNotFound',
  'Request cancelled': 'cancelled',
  'Request closed': 'closedOk',
  'Status changed': 'statusChanged',
  'Marked as done': 'markedDone',
  Reinitiated: 'reinitiated',
  'Settings saved': 'settingsSaved',
  'Give the reason for the termination': 'reasonNeeded',
  'scheduledAt: scheduledAt is in the past': 'scheduleInPast',
  'A termination needs the Add Termination permission': 'terminationPermission',
  // Files of ICCIDs (POST /request/file): the reasons a row is left out, and refusals of the file.
  'No ICCID in this row': 'noIccidInRow',
  'The ICCID was saved as a number and lost digits: format the column as text': 'lostDigits',
  'ICCID must contain digits only': 'iccidDigits',
  'ICCID must be 19 or 20 digits': 'iccidLength',
  'ICCID must start with 89': 'iccidPrefix',
  'ICCID check digit is wrong': 'iccidCheckDigit',
  'The file is empty': 'fileEmpty',
  'Attach a file': 'attachFile',
  'Upload a .csv or .xlsx file': 'fileFormat',
  'The file holds no ICCID': 'fileNoIccid',
  'fileId: No such file of ICCIDs; upload it with POST /request/file': 'noSuchFile',
};

/** Reasons with a value inside (named groups; a `status` is translated, anything else kept). */
const MESSAGE_PATTERNS: { pattern: RegExp; key: string }[] = [
  { pattern: /^Listed twice \(first at row (?<row>\d+)\)$/, key: 'listedTwice' },
  { pattern: /^Status (?<status>\w+): (?<label>.+) needs (?<from>.+)$/, key: 'wrongStatus' },
  { pattern: /^The request has ended \((?<status>\w+)\)$/, key: 'ended' },
  { pattern: /^status: The job has ended \((?<status>\w+)\)$/, key: 'jobEnded' },
  { pattern: /^The request is still (?<status>\w+): close it once it has ended \(or cancel it\)$/, key: 'stillRunning' },
  { pattern: /^The SIM is now (?<status>\w+)$/, key: 'simNow' },
  { pattern: /^Request (?<batchJobId>BJ\d+) created$/, key: 'created' },
  { pattern: /^None of the (?<total>\d+) SIMs can take (?<label>.+)$/, key: 'noneValid' },
  {
    pattern:
      /^(?<invalid>\d+) of (?<total>\d+) SIMs cannot take (?<label>.+); send proceedWithValid: true to go ahead with the other (?<valid>\d+)$/,
    key: 'someInvalid',
  },
  { pattern: /^The file is larger than (?<size>\d+ [KM]B)$/, key: 'fileLarger' },
  {
    pattern: /^The file names more than (?<max>[\d,]+) ICCIDs; choose larger sets with an inventory filter$/,
    key: 'fileTooManyIccids',
  },
];

export type TRowMapper = (serverRow: number) => number;

/** Translates the request screens' server messages and failures; `mapRow` turns the server's row numbers into the user's. */
export function useRequestMessages() {
  const { t, i18n } = useTranslation('requests');
  // English keeps the server's words (statuses as codes, as the shared reasons write them); Hindi translates them.
  const english = i18n.language === 'en';
  const message = useCallback(
    (text: string | undefined | null, mapRow?: TRowMapper): string => {
      if (!text) return '';
      const key = MESSAGE_KEYS[text];
      if (key) return t(`messages.${key}`);
      for (const { pattern, key: patternKey } of MESSAGE_PATTERNS) {
        const groups = pattern.exec(text)?.groups;
        if (!groups) continue;
        const values: Record<string, string> = { ...groups };
        if (groups.row && mapRow) values.row = String(mapRow(Number(groups.row)));
        if (english) return t(`messages.${patternKey}`, values);
        if (groups.status) {
          const ns = patternKey === 'wrongStatus' || patternKey === 'simNow' ? 'simStatus' : 'status';
          values.status = t(`${ns}.${groups.status}`, { defaultValue: groups.status });
        }
        if (groups.label) {
          const type = Object.entries(REQUEST_TRANSITIONS).find(([, v]) => v.label === groups.label)?.[0];
          values.label = type ? t(`types.${type}`) : groups.label;
        }
        if (groups.from)
          values.from = groups.from
            .split(' or ')
            .map((s) => t(`simStatus.${s}`, { defaultValue: s }))
            .join(t('or'));
        return t(`messages.${patternKey}`, values);
      }
      return translateMessage(text);
    },
    [t, english],
  );
  const failure = useCallback((error: unknown): string => message(translateError(error)), [message]);
  return { message, failure };
}
