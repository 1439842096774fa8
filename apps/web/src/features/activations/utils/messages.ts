import { createMessages } from '@/lib/i18n/server-messages';

/**
 * What the server says about activations (refusals, notices), by its English text, so a Hindi reader sees it in
 * Hindi. English shows the server's words as they are. The reasons a SIM is left out are the requests' (their preview
 * and their file reader say them).
 */
export const useActivationMessages = createMessages('activations', {
  texts: {
    'Not found': 'notFound',
    'Activation not found': 'activationNotFound',
    'Plan not found': 'planNotFound',
    'Activation cancelled': 'cancelled',
    'Activation already made with this Idempotency-Key': 'replayed',
    'Part of this request has reached the operator: it can no longer be cancelled': 'tooLateToCancel',
    'scheduledAt: scheduledAt is in the past': 'scheduleInPast',
    'This Idempotency-Key was already used with another request body': 'keyReused',
    'Give one of iccids, fileId or filter': 'noSims',
    'fileId: No such file of ICCIDs; upload it with POST /request/file': 'noSuchFile',
  },
  patterns: [
    {
      pattern: /^Not enough money in the wallet: available (?<available>-?₹[\d,]+\.\d{2}), needed (?<needed>₹[\d,]+\.\d{2})$/,
      key: 'notEnoughMoney',
    },
    { pattern: /^Activation (?<batchJobId>BJ\d+) created$/, key: 'created' },
    {
      pattern: /^Every SIM of the activation must belong to (?<organization>.+), the organisation the plan is for$/,
      key: 'otherOrganization',
    },
    { pattern: /^None of the (?<total>\d+) SIMs can take (?<label>.+)$/, key: 'noneValid' },
    {
      pattern:
        /^(?<invalid>\d+) of (?<total>\d+) SIMs cannot take (?<label>.+); send proceedWithValid: true to go ahead with the other (?<valid>\d+)$/,
      key: 'someInvalid',
    },
    { pattern: /^The request has ended \((?<status>\w+)\)$/, key: 'ended' },
  ],
  values: (values, { key, t, english }) => {
    if (english || !values.status || key !== 'ended') return values;
    return { ...values, status: t(`requests:status.${values.status}`, { defaultValue: values.status }) };
  },
});
