import { REQUEST_TRANSITIONS } from '@tarang/shared/requests/request.constants';
import { createMessages } from '@/lib/i18n/server-messages';

/** Turns the server's row numbers (of a file of ICCIDs) into the user's. */
export type TRowMapper = (serverRow: number) => number;

/**
 * What the server says about requests (the reasons a SIM is left out, refusals of an action), by its English
 * text, so a Hindi reader sees it in Hindi. English shows the server's words as they are.
 */
export const useRequestMessages = createMessages<TRowMapper>('requests', {
  texts: {
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
  },
  // Reasons with a value inside (named groups; a `status` is translated, anything else kept).
  patterns: [
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
  ],
  // `context` turns the server's row numbers into the user's. English keeps the server's words (statuses as codes,
  // as the shared reasons write them); Hindi translates them.
  values: (values, { key, t, english, context: mapRow }) => {
    const out = { ...values };
    if (values.row && mapRow) out.row = String(mapRow(Number(values.row)));
    if (english) return out;
    if (values.status) {
      const ns = key === 'wrongStatus' || key === 'simNow' ? 'simStatus' : 'status';
      out.status = t(`${ns}.${values.status}`, { defaultValue: values.status });
    }
    if (values.label) {
      const type = Object.entries(REQUEST_TRANSITIONS).find(([, v]) => v.label === values.label)?.[0];
      out.label = type ? t(`types.${type}`) : values.label;
    }
    if (values.from)
      out.from = values.from
        .split(' or ')
        .map((s) => t(`simStatus.${s}`, { defaultValue: s }))
        .join(t('or'));
    return out;
  },
});
