import { z } from 'zod';
import { OPERATORS } from './identifiers';

/**
 * What an operator reports about one SIM profile on its network (issue 16, docs/decisions/028-sim-network-state.md):
 * the operator's own provisioning of it, whether it is registered on a network now and where, when it was last seen,
 * its last data session, today's SMS and the IMEI it was last seen in.
 */

/** The operator's provisioning of a profile: it may differ from the provider's status (a mismatch to re-sync). */
export const OPERATOR_PROVISIONING = ['ACTIVE', 'SUSPENDED', 'DEACTIVATED', 'NOT_PROVISIONED'] as const;
export type TOperatorProvisioning = (typeof OPERATOR_PROVISIONING)[number];

/** Radio access technologies an M2M SIM registers on. */
export const RATS = ['2G', '4G', 'NB-IoT', 'LTE-M'] as const;
export type TRat = (typeof RATS)[number];

export const ZDataSession = z.object({
  startedAt: z.string(),
  /** Null while the session is open. */
  endedAt: z.string().nullable(),
  bytesUp: z.number().int(),
  bytesDown: z.number().int(),
  apn: z.string(),
  ip: z.string(),
});
export type TDataSession = z.infer<typeof ZDataSession>;

export const ZNetworkState = z.object({
  iccid: z.string(),
  operator: z.enum(OPERATORS),
  provisioning: z.enum(OPERATOR_PROVISIONING),
  /** Registered on a network now. */
  attached: z.boolean(),
  rat: z.enum(RATS).nullable(),
  /** The network it is registered on (its name and PLMN code), and whether that is another operator's (roaming). */
  network: z.string().nullable(),
  roaming: z.boolean(),
  cellId: z.string().nullable(),
  /** Location or tracking area code. */
  lac: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  lastSession: ZDataSession.nullable(),
  /** SMS sent (MO) and received (MT) today, India time. */
  smsMo: z.number().int(),
  smsMt: z.number().int(),
  imeiSeen: z.string().nullable(),
  /** When the operator answered. */
  checkedAt: z.string(),
});
export type TNetworkState = z.infer<typeof ZNetworkState>;

/**
 * What the simulated operator is told a SIM does (staff, simulator gateways only), to see each diagnosis outcome:
 * NORMAL, NEVER_ATTACHES (provisioned but never registers), ROAMING (on another operator's network), HEAVY (uses far
 * more than a plan allows), IMEI_MISMATCH (seen in another device), SUSPENDED_AT_OPERATOR (the operator holds it
 * suspended whatever the provider thinks).
 */
export const NETWORK_CONDITIONS = ['NORMAL', 'NEVER_ATTACHES', 'ROAMING', 'HEAVY', 'IMEI_MISMATCH', 'SUSPENDED_AT_OPERATOR'] as const;
export type TNetworkCondition = (typeof NETWORK_CONDITIONS)[number];
