import { z } from 'zod';
import { text } from '../common/text';
import { NETWORK_CONDITIONS, ZNetworkState } from './network-state';

/**
 * SIM diagnosis (issue 16, docs/decisions/028-sim-network-state.md): one page of checks that answers "my device stopped
 * reporting — why?". Each check passes, warns or fails with its evidence, and names the fix the user may take.
 */

export const DIAGNOSIS_OUTCOMES = ['PASS', 'WARN', 'FAIL'] as const;
export type TDiagnosisOutcome = (typeof DIAGNOSIS_OUTCOMES)[number];

/** The checks, in the order the page shows them. */
export const DIAGNOSIS_CHECKS = [
  'PROVIDER_STATUS',
  'OPERATOR_PROVISIONING',
  'REGISTRATION',
  'DATA_SESSION',
  'PLAN',
  'ALLOWANCE',
  'WALLET',
  'IMEI_LOCK',
  'WHITELIST_IP',
  'WHITELIST_NUMBER',
  'OPEN_REQUESTS',
] as const;
export type TDiagnosisCheckKey = (typeof DIAGNOSIS_CHECKS)[number];

/**
 * What the user can do about a check (the console offers it when the role allows): a request on the SIM (ACTIVATE,
 * RESUME, IMEI_LOCK, IMEI_UNLOCK), its whitelist applied again (RESYNC_WHITELIST), the operator asked again (REFRESH),
 * the SIM's settings edited (EDIT_SIM: its APN), the request under way opened (OPEN_REQUEST), or the organisation's
 * wallet opened to add money (TOP_UP), or the provider's state sent to the operators again (SYNC_STATE).
 */
export const DIAGNOSIS_FIXES = [
  'ACTIVATE',
  'RESUME',
  'IMEI_LOCK',
  'IMEI_UNLOCK',
  'RESYNC_WHITELIST',
  'REFRESH',
  'EDIT_SIM',
  'OPEN_REQUEST',
  'TOP_UP',
  'SYNC_STATE',
] as const;
export type TDiagnosisFix = (typeof DIAGNOSIS_FIXES)[number];

const ZEvidenceValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const ZDiagnosisCheck = z.object({
  key: z.enum(DIAGNOSIS_CHECKS),
  outcome: z.enum(DIAGNOSIS_OUTCOMES),
  /** The finding in one sentence (the console words it from `reason` and `evidence`). */
  summary: z.string(),
  /** A stable code of the finding (`SUSPENDED`, `NEVER_SEEN`, `IMEI_DIFFERS`…), for the console's words. */
  reason: z.string(),
  /** The profile the check is about, when it is about one. */
  iccid: z.string().nullable(),
  evidence: z.record(z.string(), ZEvidenceValue),
  fix: z.object({ action: z.enum(DIAGNOSIS_FIXES), target: z.string().nullable() }).nullable(),
});
export type TDiagnosisCheck = z.infer<typeof ZDiagnosisCheck>;

export const ZSimDiagnosis = z.object({
  sim: z.object({
    id: z.string(),
    iccid: z.string(),
    status: z.string(),
    organization: z.object({ id: z.string(), tradeName: z.string() }).nullable(),
  }),
  /** Each profile, with what its operator last reported (null: never asked). */
  profiles: z.array(z.object({ iccid: z.string(), operator: z.string(), network: ZNetworkState.nullable() })),
  checks: z.array(ZDiagnosisCheck),
  /** How many checks fail and warn. */
  failing: z.number().int(),
  warning: z.number().int(),
  /** The operators that did not answer a Refresh, with why (the page still shows what they said last). */
  unanswered: z.array(z.object({ operator: z.string(), message: z.string() })),
});
export type TSimDiagnosis = z.infer<typeof ZSimDiagnosis>;

const simIdentifier = {
  iccid: text()
    .regex(/^\d{18,22}$/, 'iccid must be 18 to 22 digits')
    .optional(),
  msisdn: text()
    .regex(/^\+?\d{10,15}$/, 'msisdn must be 10 to 15 digits, with an optional +')
    .optional(),
  imsi: text()
    .regex(/^\d{15}$/, 'imsi must be 15 digits')
    .optional(),
};
type TIdentified = { iccid?: string; msisdn?: string; imsi?: string };
const oneIdentifier = (q: TIdentified) => [q.iccid, q.msisdn, q.imsi].filter((v) => v !== undefined).length === 1;
const oneIdentifierIssue = { message: 'Give one of iccid, msisdn or imsi', path: ['iccid'] };

/** GET /sim/sim-diagnosis: the SIM by any profile's ICCID, an MSISDN or an IMSI. */
export const ZSimDiagnosisQuery = z.object(simIdentifier).strict().refine(oneIdentifier, oneIdentifierIssue);
/** POST /sim/sim-diagnosis/refresh: the same SIM, its operators asked again first (Refresh). */
export const ZSimDiagnosisRefresh = z.object(simIdentifier).strict().refine(oneIdentifier, oneIdentifierIssue);
export type TSimDiagnosisQuery = z.infer<typeof ZSimDiagnosisQuery>;
/** POST /sim/sim-diagnosis/sync: the SIM's state sent to its operators again (a SYNC_STATE request). */
export const ZSimStateSync = z.object(simIdentifier).strict().refine(oneIdentifier, oneIdentifierIssue);

/** POST /operator-gateway/{operator}/network-condition: what the simulated operator is told the SIMs do. */
export const ZNetworkConditionSet = z
  .object({
    iccids: z
      .array(text().regex(/^\d{18,22}$/, 'an ICCID is 18 to 22 digits'))
      .min(1)
      .max(10_000),
    condition: z.enum(NETWORK_CONDITIONS),
  })
  .strict();
export type TNetworkConditionSet = z.infer<typeof ZNetworkConditionSet>;

/**
 * GET /sim/device-details (Fetch Device Details): the IMEI the SIM was last seen in — as its operators last reported,
 * else as the provider last knew it —, the make and model its TAC names (null when the TAC table does not hold it), and
 * the device registered with that IMEI (null until devices are registered).
 */
export const ZDeviceDetails = z.object({
  iccid: z.string(),
  imei: z.string().nullable(),
  /** When an operator last reported it (null: known only from the provider's records). */
  seenAt: z.string().nullable(),
  source: z.enum(['OPERATOR', 'RECORDS']).nullable(),
  tac: z.object({ tac: z.string(), make: z.string(), model: z.string(), kind: z.string().nullable() }).nullable(),
  device: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TDeviceDetails = z.infer<typeof ZDeviceDetails>;
