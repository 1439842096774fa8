import { createMessages } from '@/lib/i18n/server-messages';

/** A SIM's status, or an operator profile such as AIRTEL+BSNL: statuses in the reader's words, operators as they are. */
const STATUS_VALUES = new Set(['status', 'newStatus']);

/**
 * What the form's checks and the server say about a replacement (why a pair or a row of a file is refused, a refusal of
 * the file or of Retry), by its English text, so a Hindi reader sees it in Hindi. English shows the server's words as
 * they are.
 */
export const useReplacementMessages = createMessages('sim-replacement', {
  texts: {
    'Enter the ICCID': 'iccidNeeded',
    'ICCID must contain digits only': 'iccidDigits',
    'ICCID must be 19 or 20 digits': 'iccidLength',
    'ICCID must start with 89': 'iccidPrefix',
    'ICCID check digit is wrong': 'iccidCheckDigit',
    'Give the reason for the replacement': 'reasonNeeded',
    'The new SIM must be another SIM': 'sameSim',
    'The reason is longer than 500 characters': 'reasonTooLong',
    'SIM not found': 'simNotFound',
    'Not found': 'notFound',
    'No ICCID in this row': 'noIccidInRow',
    'The ICCID was saved as a number and lost digits: format the column as text': 'lostDigits',
    'No reason in this row (give a reason column, or a reason for the file)': 'noReasonInRow',
    'The file holds no pair that can be replaced': 'fileNoPair',
    'The file needs the columns oldIccid and newIccid': 'fileColumns',
    'The file is empty': 'fileEmpty',
    'Replacement not found': 'replacementNotFound',
    'Replacement sent again': 'sentAgain',
    'A replacement with this Idempotency-Key is being made; try again': 'keyBusy',
  },
  patterns: [
    {
      pattern: /^SIM (?<iccid>\d+) is (?<status>[A-Z_]+): only an active, suspended or barred SIM can be replaced$/,
      key: 'oldNotReplaceable',
    },
    { pattern: /^SIM (?<iccid>\d+) is (?<status>[A-Z_]+): the new SIM must be in stock or allocated$/, key: 'newNotFree' },
    { pattern: /^SIM (?<iccid>\d+) is in another request$/, key: 'busy' },
    { pattern: /^SIM (?<newIccid>\d+) is allocated to another organisation than SIM (?<oldIccid>\d+)$/, key: 'otherOrganization' },
    {
      pattern:
        /^SIM (?<newIccid>\d+) is (?<newOps>[A-Z+]+) and SIM (?<oldIccid>\d+) is (?<oldOps>[A-Z+]+): the new SIM must be of the same operator$/,
      key: 'otherOperator',
    },
    { pattern: /^SIM (?<iccid>\d+) is already in this file \(row (?<row>\d+)\)$/, key: 'twiceInFile' },
    { pattern: /^The file holds more than (?<max>[\d,]+) pairs: split it into smaller files$/, key: 'fileTooManyPairs' },
    { pattern: /^Only a failed replacement can be tried again: this one is (?<state>\w+)$/, key: 'notFailed' },
  ],
  // English keeps the server's words; Hindi gives a SIM's status in its words.
  values: (values, { t, english }) => {
    if (english) return values;
    return Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, STATUS_VALUES.has(k) ? t(`simStatus.${v}`, { defaultValue: v }) : v]),
    );
  },
});

/** A row of a file refused as a whole comes as `ICCID: reason`: the reason in the reader's words, the ICCID kept. */
export function rowMessage(text: string, message: (text: string) => string): string {
  const named = /^(?<iccid>\d+): (?<reason>.+)$/.exec(text)?.groups;
  return named ? `${named.iccid}: ${message(named.reason!)}` : message(text);
}
