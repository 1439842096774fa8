import { createMessages } from '@/lib/i18n/server-messages';

/**
 * What the server says about SIMs (reasons a SIM did not move, upload refusals), by its English text,
 * so a Hindi reader sees it in Hindi. English shows the server's words as they are.
 */
export const useSimMessages = createMessages('sims', {
  texts: {
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
  },
  // Reasons with a value inside: a `status` is translated, anything else kept.
  patterns: [
    {
      pattern: /^Status (?<status>\w+): only SIMs in stock or allocated \(not yet activated\) can be allocated$/,
      key: 'statusNotAllocatable',
    },
    { pattern: /^Status (?<status>\w+): there is no way back to stock after activation$/, key: 'statusNoWayBack' },
    { pattern: /^Status (?<status>\w+): nothing to lock$/, key: 'statusNothingToLock' },
    { pattern: /^This address is already set on SIM (?<iccid>\d+)$/, key: 'staticIpTaken' },
  ],
  values: (values, { t }) =>
    values.status ? { ...values, status: t(`status.${values.status}`, { defaultValue: values.status }) } : values,
});
