import type { TFunction } from 'i18next';
import { createMessages } from '@/lib/i18n/server-messages';
import { SCHEDULE_INVALID, SCHEDULE_PAST } from './cancel-form';
import { ORGANIZATION_REQUIRED } from './group-forms';
import { ENTRIES_REFUSED } from './ip-entry-rows';
import { NUMBERS_REFUSED, NUMBERS_REFUSED_ON_SAVE, NUMBERS_REQUIRED } from './number-lines';

/** How the shared rules quote what was typed: 'the text', or "The address" when it cannot be shown. */
const ADDRESS = "(?<address>'.*'|The address)";
const EXAMPLES = 'for example 203\\.0\\.113\\.7, 10\\.1\\.2\\.0/24 or 2001:db8::/48';

/** Why an address is not a valid IPv4 or IPv6 address (the end of "… is not a valid IPv4 address: <reason>"). */
const REASONS: { pattern: RegExp; key: string }[] = [
  { pattern: /^it needs four numbers separated by dots$/, key: 'fourNumbers' },
  { pattern: /^a number is missing between the dots$/, key: 'missingNumber' },
  { pattern: /^each of the four parts must be a number from 0 to 255$/, key: 'partRange' },
  { pattern: /^'(?<part>\d+)' has a leading zero, which some systems read as octal; write it without leading zeros$/, key: 'leadingZero' },
  { pattern: /^(?<part>\d+) is more than 255$/, key: 'over255' },
  { pattern: /^an embedded IPv4 address may only come last$/, key: 'embeddedLast' },
  { pattern: /^its embedded IPv4 address is malformed: (?<reason>.+)$/, key: 'embeddedMalformed' },
  { pattern: /^a group is missing between colons \(only one '::' may stand for zero groups\)$/, key: 'missingGroup' },
  { pattern: /^'(?<part>.*)' is not a group of 1 to 4 hexadecimal digits$/, key: 'notHexGroup' },
  { pattern: /^'::' may appear only once$/, key: 'doubleColonOnce' },
  { pattern: /^it has eight groups besides '::', which must stand for at least one zero group$/, key: 'tooManyGroups' },
  { pattern: /^it needs eight groups of hexadecimal digits, or '::' for a run of zero groups$/, key: 'eightGroups' },
];

/** A reason in the reader's words (an embedded IPv4 address's own reason too); unknown ones as they are. */
function reasonIn(t: TFunction, reason: string): string {
  for (const { pattern, key } of REASONS) {
    const groups = pattern.exec(reason)?.groups ?? (pattern.test(reason) ? {} : null);
    if (!groups) continue;
    const values: Record<string, string> = { ...groups };
    if (values.reason) values.reason = reasonIn(t, values.reason);
    return t(`messages.reasons.${key}`, values);
  }
  return reason;
}

/** What a save said besides its news: "IP group sent for approval; 2 duplicate entries merged". */
const SAVED = {
  'IP group sent for approval': 'created',
  'Changes sent for approval': 'changesSent',
  'IP group updated': 'updated',
} as const;

/**
 * What the server, the shared schemas and the shared whitelist rules (ip-entries.ts, whitelist-numbers.ts) say about
 * IP groups and number groups, by their English text, so a Hindi reader sees them in Hindi. English shows the words as
 * they are.
 */
export const useWhitelistMessages = createMessages('whitelists', {
  texts: {
    ...SAVED,
    'IP group approved': 'approved',
    'IP group rejected': 'rejected',
    'Status changed': 'statusChanged',
    'IP group deleted': 'deleted',
    'IP group not found': 'notFound',
    'An IP group with this name already exists in this organisation': 'ipNameTaken',
    'This IP group has no change waiting for review': 'nothingToReview',
    'This IP group was already rejected': 'alreadyRejected',
    'organizationId is required: name the organisation the group is for': 'organizationRequired',
    [ORGANIZATION_REQUIRED]: 'organizationRequired',
    'Organisation not found': 'organizationNotFound',
    'Number group created': 'numberGroupCreated',
    'Number group updated': 'numberGroupUpdated',
    'Number group deleted': 'numberGroupDeleted',
    'Number deleted': 'numberDeleted',
    'Number group not found': 'numberGroupNotFound',
    'This number is not in the group': 'numberNotInGroup',
    'A number group with this name already exists in this organisation': 'numberNameTaken',
    'name is required': 'nameRequired',
    'name must be at most 100 characters': 'nameTooLong',
    'description must be at most 500 characters': 'descriptionTooLong',
    'reason must be at least 3 characters': 'reasonTooShort',
    'reason must be at most 500 characters': 'reasonTooLong',
    'address must be at most 100 characters': 'addressTooLong',
    'ports must be at most 20 characters': 'portsTooLong',
    'a number must be at most 40 characters': 'numberTooLong',
    'numbers needs at least one number': 'numbersRequired',
    [NUMBERS_REQUIRED]: 'numbersRequired',
    [NUMBERS_REFUSED]: 'numbersRefused',
    [NUMBERS_REFUSED_ON_SAVE]: 'numbersRefusedOnSave',
    [ENTRIES_REFUSED]: 'entriesRefused',
    // The shared rules of destinations.
    'Enter an IP address or CIDR range, for example 203.0.113.7, 10.1.2.0/24 or 2001:db8::/48': 'addressRequired',
    'The address contains a control character; type it again without it': 'addressControl',
    'Give at least one destination: an IP address or CIDR range the SIMs may reach': 'entriesRequired',
    'Protocol must be one of TCP, UDP, ANY (ANY means both TCP and UDP)': 'protocolInvalid',
    'Ports must be one port (443), a range (8000-8100), or empty for every port': 'portsFormat',
    // The shared rules of numbers.
    'Enter a phone number': 'numberRequired',
    'The number contains a control character; type it again without it': 'numberControl',
    'A phone number has digits only: remove the letters': 'numberLetters',
    'Enter a phone number after the +': 'numberAfterPlus',
    'A phone number has digits only, with an optional + at the start (spaces, dashes, dots and brackets are fine)': 'numberDigitsOnly',
    'Only Indian numbers (+91) and 13-digit M2M numbers can be whitelisted': 'numberOnlyIndian',
    'Indian mobile numbers start with 6, 7, 8 or 9': 'numberMobileFirstDigit',
    '13-digit M2M numbers do not start with 0': 'numberM2mFirstDigit',
    // Groups applied to SIMs, and the requests that apply them.
    'This IP group has no approved entries yet': 'groupNoEntries',
    'This IP group is inactive: activate it first': 'groupInactive',
    'This number group has no numbers yet': 'groupNoNumbers',
    'No SIM holding this group needs a re-sync': 'nothingToResync',
    // Add Number from a file.
    'The file holds no number that can be whitelisted': 'fileNoNumber',
    'No number in this row': 'noNumberInRow',
    'The number was saved as a number and lost digits: format the column as text': 'numberLostDigits',
    'The file is empty': 'fileEmpty',
    'Upload a .csv or .xlsx file': 'fileFormat',
    'Request already made with this Idempotency-Key': 'requestReplayed',
    [SCHEDULE_INVALID]: 'scheduleInvalid',
    [SCHEDULE_PAST]: 'schedulePast',
  },
  patterns: [
    { pattern: /^Request (?<batchJobId>BJ\d+) created$/, key: 'requestCreated' },
    {
      pattern: /^(?<count>\d+) of the SIMs do not belong to (?<group>.+)'s organisation or one below it$/,
      key: 'simsOutsideGroup',
    },
    // What the reconcile found at the operator (a DRIFTED profile).
    { pattern: /^(?<operator>\w+) holds no (?<what>IP|number) whitelist on this SIM$/, key: 'driftNone' },
    {
      pattern:
        /^(?<operator>\w+) holds (?<missing>\d+) of the (?<total>\d+) (?<noun>entries|numbers) missing and (?<extra>\d+) (?:entries|numbers) that are not in the group$/,
      key: 'driftBoth',
    },
    { pattern: /^(?<operator>\w+) holds (?<missing>\d+) of the (?<total>\d+) (?<noun>entries|numbers) missing$/, key: 'driftMissing' },
    { pattern: /^(?<operator>\w+) holds (?<extra>\d+) (?<noun>entries|numbers) that are not in the group$/, key: 'driftExtra' },
    {
      pattern:
        /^(?<what>IP group sent for approval|Changes sent for approval|IP group updated); (?<count>\d+) duplicate (?<noun>entry|entries) merged$/,
      key: 'savedMerged',
    },
    { pattern: /^(?<count>\d+) (?<noun>number|numbers) added$/, key: 'numbersAdded' },
    { pattern: /^(?<added>\d+) (?<noun>number|numbers) added; (?<refused>\d+) (?<rows>row|rows) refused$/, key: 'numbersAddedRefused' },
    { pattern: /^The file holds more than (?<max>[\d,]+) numbers; a group holds far fewer$/, key: 'fileTooManyNumbers' },
    { pattern: /^The file is larger than (?<size>\d+ [KM]B)$/, key: 'fileLarger' },
    { pattern: /^entries must be at most (?<max>\d+)$/, key: 'entriesInputMax' },
    { pattern: /^numbers must be at most (?<max>\d+)$/, key: 'numbersInputMax' },
    {
      pattern: new RegExp(`^${ADDRESS} contains a space: write the address and prefix together, like 10\\.1\\.2\\.0/24$`),
      key: 'addressSpace',
    },
    {
      pattern: new RegExp(
        `^${ADDRESS} has an IPv6 zone id \\('%…'\\), which only means something on one machine: give the address without it$`,
      ),
      key: 'addressZone',
    },
    {
      pattern: new RegExp(`^${ADDRESS} has a prefix but no address: give the address before the '/', ${EXAMPLES}$`),
      key: 'prefixWithoutAddress',
    },
    { pattern: new RegExp(`^${ADDRESS} is not a valid IPv(?<version>[46]) address: (?<reason>.+)$`), key: 'addressInvalid' },
    { pattern: new RegExp(`^${ADDRESS} is not an IP address, ${EXAMPLES}$`), key: 'notAnAddress' },
    {
      pattern: /^The prefix after '\/' must be a whole number from 0 to (?<bits>\d+) for IPv(?<version>[46])$/,
      key: 'prefixNotNumber',
    },
    {
      pattern: /^The prefix \/(?<prefix>\d+) is out of range: IPv(?<version>[46]) prefixes run from \/0 to \/(?<bits>\d+)$/,
      key: 'prefixOutOfRange',
    },
    {
      pattern: new RegExp(
        `^${ADDRESS} covers every address, and the whole internet cannot be whitelisted: list the back ends the SIMs use$`,
      ),
      key: 'wholeInternet',
    },
    {
      pattern: new RegExp(
        `^${ADDRESS} is too broad: the broadest range allowed for IPv(?<version>[46]) is a /(?<broadest>\\d+); split it into /\\k<broadest> or narrower ranges$`,
      ),
      key: 'tooBroad',
    },
    {
      pattern: new RegExp(
        `^${ADDRESS} (?<relation>is in|is|includes) the (?<where>(?<kind>[a-z-]+) (?:address|range (?<cidr>\\S+))): \\k<kind> addresses cannot be whitelisted$`,
      ),
      key: 'reserved',
    },
    {
      pattern: new RegExp(`^${ADDRESS} has host bits set after the /(?<prefix>\\d+) prefix: did you mean (?<canonical>\\S+)\\?$`),
      key: 'hostBits',
    },
    { pattern: /^Port (?<port>\S+) is not a usable port: ports run from 1 to 65535$/, key: 'portUnusable' },
    { pattern: /^Port (?<port>\S+) is out of range: ports run from 1 to 65535$/, key: 'portOutOfRange' },
    { pattern: /^The port range (?<from>\d+)-(?<to>\d+) runs backwards: write \k<to>-\k<from>$/, key: 'portsBackwards' },
    {
      pattern:
        /^At most (?<limit>\d+) (?<noun>destination is|destinations are) allowed in a group \(the operator's limit\): this list has (?<count>\d+); remove (?<extra>\d+) or put them in another group$/,
      key: 'tooManyEntries',
    },
    {
      pattern:
        /^A number needs 10 digits \(a mobile number, optionally after \+91, 91 or 0\) or 13 digits \(an M2M number\); this one has (?<digits>\d+)$/,
      key: 'numberLength',
    },
    {
      pattern: /^A number group holds at most (?<limit>\d+) numbers \(the operator limit\); this would make (?<count>\d+)$/,
      key: 'numberGroupFull',
    },
  ],
  values: (values, { key, t, english }) => {
    if (english) return values;
    const out = { ...values };
    if (out.address === 'The address') out.address = t('messages.theAddress');
    if (key === 'savedMerged' && out.what) out.what = t(`messages.${SAVED[out.what as keyof typeof SAVED]}`);
    if (key === 'addressInvalid' && out.reason) out.reason = reasonIn(t, out.reason);
    if (out.noun && key.startsWith('drift')) out.noun = t(`messages.driftNouns.${out.noun}`, { defaultValue: out.noun });
    if (key === 'driftNone' && out.what) out.what = t(`messages.driftKinds.${out.what}`, { defaultValue: out.what });
    if (key === 'reserved' && out.kind) {
      const name = t(`messages.reservedKinds.${out.kind}`, { defaultValue: out.kind });
      out.where = t(`messages.reservedWhere.${out.relation === 'includes' ? 'includes' : 'is'}${out.cidr ? 'Range' : 'Address'}`, {
        name,
        cidr: out.cidr,
      });
      out.kind = name;
    }
    return out;
  },
});
