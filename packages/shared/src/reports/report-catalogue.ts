import { ACTOR_TYPES } from '../audit/audit.schemas';
import { MNO_JOB_STATUSES, REQUEST_TYPES, TASK_STATUSES } from '../requests/request.constants';
import { OPERATORS } from '../sims/identifiers';
import { SIM_STATUSES } from '../sims/sim.constants';
import { LEDGER_TYPES } from '../wallets/wallet.schemas';

/**
 * The reports of the /report group, declared as data (docs/decisions/035-reports.md). One declaration gives the
 * console its grid (columns, filters in the address), the server its query schema (report-query.ts), the exported
 * files their header and the description of the filters written in them, and schedules and alerts what they may save.
 * The rows come from the server's source of the same id (apps/server/src/modules/reports/sources). Adding a report is
 * a declaration here, a source there, and its module in the catalogue.
 */

/** A label in each language of the console. */
export type TLabel = { en: string; hi: string };

/**
 * How a column's value is written:
 *  - `text`: free text someone typed (labels, names, reasons): never run as a formula in a file;
 *  - `code`: text the product made (ids, ICCIDs, statuses, operators): kept as text, digits intact;
 *  - `datetime`: an instant, ISO 8601 in the API, India time in files and on screen;
 *  - `day`: a calendar day, YYYY-MM-DD;
 *  - `integer`: a count;
 *  - `paise`: money in integer paise (signed): rupees with two decimals on screen, both in files;
 *  - `bytes`: a byte count: MB on screen, bytes in files;
 *  - `boolean`: yes or no.
 */
export type TReportFormat = 'text' | 'code' | 'datetime' | 'day' | 'integer' | 'paise' | 'bytes' | 'boolean';

export type TReportColumn = { key: string; label: TLabel; format: TReportFormat; width?: number };

type TReportFilterBase = { key: string; label: TLabel /** Read from a link, not offered as a control. */; hidden?: boolean };

/** The filters a report takes; each is a query parameter of the report's grid and export. */
export type TReportFilter =
  | (TReportFilterBase & { kind: 'organization' })
  | (TReportFilterBase & { kind: 'select'; values: readonly string[]; multiple?: boolean })
  | (TReportFilterBase & { kind: 'day' })
  | (TReportFilterBase & { kind: 'id' })
  | (TReportFilterBase & { kind: 'digits'; maxLength: number })
  | (TReportFilterBase & { kind: 'text'; maxLength: number })
  | (TReportFilterBase & { kind: 'number'; min: number; max: number; default: number; choices: readonly number[] });

export type TReportDeclaration = {
  /** The report's id: its module's id in the catalogue, and its path under /report. */
  id: string;
  title: TLabel;
  /** One line under the title. */
  description: TLabel;
  /** What one row is and the order rows come in, said on screen and in files. */
  rows: TLabel;
  /** Only the provider's staff may run it. */
  staffOnly?: boolean;
  /** The columns whose values together tell one row from every other. */
  rowKey: readonly string[];
  columns: readonly TReportColumn[];
  filters: readonly TReportFilter[];
};

const L = (en: string, hi: string): TLabel => ({ en, hi });

const ORGANIZATION: TReportFilter = { key: 'organizationId', kind: 'organization', label: L('Organisation', 'संगठन') };
const FROM: TReportFilter = { key: 'from', kind: 'day', label: L('From', 'से') };
const TO: TReportFilter = { key: 'to', kind: 'day', label: L('To', 'तक') };
const SIM_STATUS: TReportFilter = {
  key: 'status',
  kind: 'select',
  values: SIM_STATUSES,
  multiple: true,
  label: L('SIM status', 'सिम स्थिति'),
};
const OPERATOR: TReportFilter = { key: 'operator', kind: 'select', values: OPERATORS, multiple: true, label: L('Operator', 'ऑपरेटर') };

const col = (key: string, format: TReportFormat, en: string, hi: string, width?: number): TReportColumn => ({
  key,
  format,
  label: L(en, hi),
  ...(width ? { width } : {}),
});

export const REPORTS = [
  {
    id: 'audit-trail',
    rowKey: ['seq'],
    title: L('Audit Trail', 'ऑडिट ट्रेल'),
    description: L(
      'Every change made in your organisations: who, when, from where, and what it was before and after',
      'आपके संगठनों में हुआ हर बदलाव: किसने, कब, कहाँ से, और पहले व बाद में क्या था',
    ),
    rows: L('One row per audit event, newest first', 'हर ऑडिट घटना की एक पंक्ति, नई पहले'),
    columns: [
      col('occurredAt', 'datetime', 'When', 'कब', 20),
      col('seq', 'integer', 'Event #', 'घटना #', 10),
      col('actorType', 'code', 'Actor type', 'कर्ता का प्रकार', 10),
      col('actor', 'text', 'Actor', 'कर्ता', 28),
      col('action', 'code', 'Action', 'कार्रवाई', 24),
      col('entityType', 'code', 'Entity', 'इकाई', 16),
      col('entityId', 'code', 'Entity id', 'इकाई आईडी', 26),
      col('organizationId', 'code', 'Organisation id', 'संगठन आईडी', 26),
      col('ip', 'code', 'IP', 'आईपी', 16),
      col('requestId', 'code', 'Request id', 'अनुरोध आईडी', 26),
      col('before', 'text', 'Before', 'पहले', 40),
      col('after', 'text', 'After', 'बाद में', 40),
      col('hash', 'code', 'Hash', 'हैश', 24),
    ],
    filters: [
      ORGANIZATION,
      { key: 'actor', kind: 'text', maxLength: 100, label: L('Actor', 'कर्ता') },
      { key: 'actorId', kind: 'id', hidden: true, label: L('Actor id', 'कर्ता आईडी') },
      { key: 'actorType', kind: 'select', values: ACTOR_TYPES, label: L('Actor type', 'कर्ता का प्रकार') },
      { key: 'action', kind: 'text', maxLength: 64, label: L('Action (a prefix ends with . or *)', 'कार्रवाई (उपसर्ग . या * पर समाप्त)') },
      { key: 'entityType', kind: 'text', maxLength: 64, label: L('Entity', 'इकाई') },
      { key: 'entityId', kind: 'text', maxLength: 64, hidden: true, label: L('Entity id', 'इकाई आईडी') },
      FROM,
      TO,
    ],
  },
  {
    id: 'transactions',
    rowKey: ['entryId'],
    title: L('Transactions', 'लेन-देन'),
    description: L(
      'Every wallet entry in your organisations, with the other side of each movement',
      'आपके संगठनों की हर वॉलेट प्रविष्टि, हर लेन-देन के दूसरे पक्ष के साथ',
    ),
    rows: L('One row per wallet entry, newest first', 'हर वॉलेट प्रविष्टि की एक पंक्ति, नई पहले'),
    columns: [
      col('createdAt', 'datetime', 'Date', 'तारीख', 20),
      col('organization', 'text', 'Organisation', 'संगठन', 28),
      col('type', 'code', 'Type', 'प्रकार', 10),
      col('amount', 'paise', 'Amount', 'राशि', 14),
      col('balanceAfter', 'paise', 'Balance after', 'बाद का शेष', 14),
      col('counterparty', 'text', 'Counterparty', 'दूसरा पक्ष', 28),
      col('reference', 'text', 'Reference', 'संदर्भ', 24),
      col('reason', 'text', 'Reason', 'कारण', 32),
      col('createdBy', 'text', 'By', 'किसने', 24),
      col('entryId', 'code', 'Entry id', 'प्रविष्टि आईडी', 12),
      col('transactionId', 'code', 'Transaction id', 'लेन-देन आईडी', 26),
      col('walletId', 'code', 'Wallet id', 'वॉलेट आईडी', 26),
      col('organizationId', 'code', 'Organisation id', 'संगठन आईडी', 26),
    ],
    filters: [
      ORGANIZATION,
      { key: 'type', kind: 'select', values: LEDGER_TYPES, label: L('Type', 'प्रकार') },
      FROM,
      TO,
      { key: 'walletId', kind: 'id', hidden: true, label: L('Wallet', 'वॉलेट') },
    ],
  },
  {
    id: 'request-details',
    rowKey: ['requestId', 'iccid'],
    title: L('Request Details', 'अनुरोध विवरण'),
    description: L(
      'Each SIM of each request: what was asked, the operator, and how it ended',
      'हर अनुरोध की हर सिम: क्या माँगा गया, ऑपरेटर, और परिणाम',
    ),
    rows: L('One row per SIM task, newest first', 'हर सिम कार्य की एक पंक्ति, नई पहले'),
    columns: [
      col('requestedAt', 'datetime', 'Requested at', 'अनुरोध का समय', 20),
      col('requestId', 'code', 'Request id', 'अनुरोध आईडी', 26),
      col('type', 'code', 'Request type', 'अनुरोध प्रकार', 18),
      col('organization', 'text', 'Organisation', 'संगठन', 28),
      col('createdBy', 'text', 'Requested by', 'अनुरोधकर्ता', 24),
      col('iccid', 'code', 'ICCID', 'आईसीसीआईडी', 22),
      col('operator', 'code', 'Operator', 'ऑपरेटर', 10),
      col('status', 'code', 'Task status', 'कार्य स्थिति', 12),
      col('fromStatus', 'code', 'SIM status before', 'पहले की सिम स्थिति', 14),
      col('tries', 'integer', 'Tries', 'प्रयास', 8),
      col('error', 'text', 'Error', 'त्रुटि', 36),
      col('doneBy', 'text', 'Done by', 'किसने पूरा किया', 16),
      col('updatedAt', 'datetime', 'Last change', 'अंतिम बदलाव', 20),
      col('jobId', 'code', 'Job id', 'जॉब आईडी', 26),
    ],
    filters: [
      ORGANIZATION,
      { key: 'type', kind: 'select', values: REQUEST_TYPES, label: L('Request type', 'अनुरोध प्रकार') },
      { key: 'status', kind: 'select', values: TASK_STATUSES, multiple: true, label: L('Task status', 'कार्य स्थिति') },
      OPERATOR,
      FROM,
      TO,
      { key: 'requestId', kind: 'id', hidden: true, label: L('Request', 'अनुरोध') },
    ],
  },
  {
    id: 'mno-job-report',
    rowKey: ['id'],
    title: L('Mno Job Report', 'एमएनओ जॉब रिपोर्ट'),
    description: L(
      "The provider's work at the operators: each MNO job and its tasks' outcomes",
      'ऑपरेटरों पर प्रदाता का काम: हर एमएनओ जॉब और उसके कार्यों के परिणाम',
    ),
    rows: L('One row per MNO job, newest first', 'हर एमएनओ जॉब की एक पंक्ति, नई पहले'),
    staffOnly: true,
    columns: [
      col('createdAt', 'datetime', 'Created at', 'बनाया गया', 20),
      col('id', 'code', 'MNO job id', 'एमएनओ जॉब आईडी', 26),
      col('operator', 'code', 'Operator', 'ऑपरेटर', 10),
      col('operation', 'code', 'Operation', 'कार्रवाई', 16),
      col('status', 'code', 'Status', 'स्थिति', 16),
      col('mode', 'code', 'Mode', 'मोड', 8),
      col('tasks', 'integer', 'Tasks', 'कार्य', 10),
      col('succeeded', 'integer', 'Succeeded', 'सफल', 10),
      col('failed', 'integer', 'Failed', 'विफल', 10),
      col('cancelled', 'integer', 'Cancelled', 'रद्द', 10),
      col('inFlight', 'integer', 'In flight', 'प्रगति में', 10),
      col('byHand', 'integer', 'Done by hand', 'हाथ से पूरे', 10),
      col('lastError', 'text', 'Last error', 'अंतिम त्रुटि', 36),
      col('startedAt', 'datetime', 'Started at', 'शुरू हुआ', 20),
      col('finishedAt', 'datetime', 'Finished at', 'समाप्त हुआ', 20),
      col('requestId', 'code', 'Request id', 'अनुरोध आईडी', 26),
      col('requestType', 'code', 'Request type', 'अनुरोध प्रकार', 18),
    ],
    filters: [OPERATOR, { key: 'status', kind: 'select', values: MNO_JOB_STATUSES, multiple: true, label: L('Status', 'स्थिति') }, FROM, TO],
  },
  {
    id: 'atomic-sims',
    rowKey: ['iccid'],
    title: L('Atomic Sims', 'एटॉमिक सिम'),
    description: L(
      "Every SIM profile with every field, to reconcile with an operator's own export",
      'हर सिम प्रोफ़ाइल हर फ़ील्ड के साथ, ऑपरेटर की अपनी सूची से मिलान के लिए',
    ),
    rows: L('One row per SIM profile, by the SIM’s ICCID', 'हर सिम प्रोफ़ाइल की एक पंक्ति, सिम के आईसीसीआईडी के क्रम में'),
    columns: [
      col('iccid', 'code', 'ICCID', 'आईसीसीआईडी', 22),
      col('imsi', 'code', 'IMSI', 'आईएमएसआई', 17),
      col('msisdn', 'code', 'MSISDN', 'एमएसआईएसडीएन', 15),
      col('operator', 'code', 'Operator', 'ऑपरेटर', 10),
      col('profile', 'code', 'Profile', 'प्रोफ़ाइल', 12),
      col('simIccid', 'code', 'SIM ICCID', 'सिम आईसीसीआईडी', 22),
      col('status', 'code', 'SIM status', 'सिम स्थिति', 14),
      col('organization', 'text', 'Organisation', 'संगठन', 28),
      col('organizationId', 'code', 'Organisation id', 'संगठन आईडी', 26),
      col('plan', 'text', 'Plan', 'प्लान', 20),
      col('activatedAt', 'datetime', 'Activated at', 'सक्रिय हुई', 20),
      col('expiresAt', 'datetime', 'Expires at', 'समाप्ति', 20),
      col('apn', 'text', 'APN', 'एपीएन', 18),
      col('staticIp', 'code', 'Static IP', 'स्थिर आईपी', 16),
      col('imeiLock', 'boolean', 'IMEI lock', 'आईएमईआई लॉक', 10),
      col('lockedImei', 'code', 'Locked IMEI', 'लॉक आईएमईआई', 17),
      col('lastImei', 'code', 'Last IMEI', 'अंतिम आईएमईआई', 17),
      col('label', 'text', 'Label', 'लेबल', 24),
      col('tags', 'text', 'Tags', 'टैग', 24),
      col('createdAt', 'datetime', 'Added at', 'जोड़ी गई', 20),
    ],
    filters: [
      ORGANIZATION,
      SIM_STATUS,
      OPERATOR,
      { key: 'search', kind: 'digits', maxLength: 24, label: L('ICCID, IMSI or MSISDN', 'आईसीसीआईडी, आईएमएसआई या एमएसआईएसडीएन') },
      { key: 'planId', kind: 'id', hidden: true, label: L('Plan', 'प्लान') },
    ],
  },
  {
    id: 'expiry-sims',
    rowKey: ['iccid'],
    title: L('Expiry Sims', 'समाप्त होने वाली सिम'),
    description: L('SIMs whose plan ends within the days chosen', 'वे सिम जिनका प्लान चुने गए दिनों में समाप्त होगा'),
    rows: L('One row per SIM, soonest expiry first', 'हर सिम की एक पंक्ति, जल्द समाप्त होने वाली पहले'),
    columns: [
      col('iccid', 'code', 'ICCID', 'आईसीसीआईडी', 22),
      col('msisdn', 'code', 'MSISDN', 'एमएसआईएसडीएन', 15),
      col('operator', 'code', 'Operator', 'ऑपरेटर', 10),
      col('status', 'code', 'SIM status', 'सिम स्थिति', 14),
      col('organization', 'text', 'Organisation', 'संगठन', 28),
      col('plan', 'text', 'Plan', 'प्लान', 20),
      col('expiresAt', 'datetime', 'Expires at', 'समाप्ति', 20),
      col('daysLeft', 'integer', 'Days left', 'शेष दिन', 10),
      col('activatedAt', 'datetime', 'Activated at', 'सक्रिय हुई', 20),
      col('label', 'text', 'Label', 'लेबल', 24),
    ],
    filters: [
      {
        key: 'days',
        kind: 'number',
        min: 1,
        max: 365,
        default: 30,
        choices: [7, 15, 30, 60, 90],
        label: L('Expiring within (days)', 'इतने दिनों में समाप्त'),
      },
      ORGANIZATION,
      SIM_STATUS,
      OPERATOR,
    ],
  },
  {
    id: 'usage',
    rowKey: ['iccid'],
    title: L('Usage', 'उपयोग'),
    description: L(
      'Data and SMS per SIM over the days chosen, as the operators reported them',
      'चुने गए दिनों में हर सिम का डेटा और एसएमएस, जैसा ऑपरेटरों ने बताया',
    ),
    rows: L('One row per SIM that used anything, by ICCID', 'हर उस सिम की एक पंक्ति जिसने उपयोग किया, आईसीसीआईडी के क्रम में'),
    columns: [
      col('iccid', 'code', 'ICCID', 'आईसीसीआईडी', 22),
      col('organization', 'text', 'Organisation', 'संगठन', 28),
      col('status', 'code', 'SIM status', 'सिम स्थिति', 14),
      col('days', 'integer', 'Days with use', 'उपयोग वाले दिन', 10),
      col('bytesUp', 'bytes', 'Data sent', 'भेजा गया डेटा', 14),
      col('bytesDown', 'bytes', 'Data received', 'प्राप्त डेटा', 14),
      col('bytesTotal', 'bytes', 'Data total', 'कुल डेटा', 14),
      col('smsSent', 'integer', 'SMS sent', 'भेजे गए एसएमएस', 10),
      col('smsReceived', 'integer', 'SMS received', 'प्राप्त एसएमएस', 10),
      col('label', 'text', 'Label', 'लेबल', 24),
    ],
    filters: [
      ORGANIZATION,
      { key: 'from', kind: 'day', label: L('From (default: 30 days ago)', 'से (डिफ़ॉल्ट: 30 दिन पहले)') },
      { key: 'to', kind: 'day', label: L('To (default: yesterday)', 'तक (डिफ़ॉल्ट: कल)') },
      { key: 'search', kind: 'digits', maxLength: 24, label: L('ICCID', 'आईसीसीआईडी') },
    ],
  },
] as const satisfies readonly TReportDeclaration[];

export type TReportId = (typeof REPORTS)[number]['id'];

export const REPORT_IDS = REPORTS.map((r) => r.id) as readonly TReportId[];

export function getReport(id: string): TReportDeclaration | undefined {
  return (REPORTS as readonly TReportDeclaration[]).find((r) => r.id === id);
}
