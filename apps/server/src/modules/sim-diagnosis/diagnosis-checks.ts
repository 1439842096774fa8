import { STATE_SYNC_OPERATION } from '@tarang/shared/requests/request.constants';
import type { TDiagnosisCheck, TDiagnosisCheckKey, TDiagnosisFix } from '@tarang/shared/sims/diagnosis.schemas';
import type { TNetworkState, TOperatorProvisioning } from '@tarang/shared/sims/network-state';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import { ALLOWANCE_WARN_SHARE, BYTES_PER_MB, type TUsageAllowance } from '@tarang/shared/sims/usage.schemas';
import type { TSimWhitelist, TWhitelistKind } from '@tarang/shared/whitelists/whitelist.schemas';

/**
 * The checks of a SIM diagnosis (issue 16, docs/decisions/028-sim-network-state.md), from what the provider knows and
 * what the operators last reported: each PASS, WARN or FAIL with a reason code, its evidence and the fix the user may
 * take. Pure: the service reads, this decides.
 */

export type TOpenTask = { batchJobId: string; requestId: string; type: string; status: string };

/**
 * The next renewal of the SIM's plan against its organisation's wallet: the organisation's price of the plan (null: no
 * longer offered to it) and the wallet's available balance. Figures are null for a caller who may not see the wallet.
 */
export type TRenewal = { enough: boolean; offered: boolean; price: number | null; available: number | null };

export type TDiagnosisInput = {
  sim: TSim;
  /** What each profile's operator last reported; a profile never asked is missing. */
  network: Map<string, TNetworkState>;
  whitelists: Record<TWhitelistKind, TSimWhitelist[]>;
  openTasks: TOpenTask[];
  /** The SIM's use of its plan over the plan's period (null: no plan period). */
  allowance: TUsageAllowance | null;
  /** The last day whose usage was ingested. */
  ingestedThrough: string | null;
  /** null: nothing to renew (no plan, or no organisation). */
  renewal: TRenewal | null;
  now: Date;
};

type TEvidence = TDiagnosisCheck['evidence'];

const check = (
  key: TDiagnosisCheckKey,
  outcome: TDiagnosisCheck['outcome'],
  reason: string,
  summary: string,
  evidence: TEvidence = {},
  fix: TDiagnosisFix | null = null,
  iccid: string | null = null,
  target: string | null = null,
): TDiagnosisCheck => ({ key, outcome, reason, summary, evidence, iccid, fix: fix ? { action: fix, target } : null });

const DAY_MS = 86_400_000;
/** A plan expiring within this many days warns. */
export const PLAN_EXPIRY_WARN_DAYS = 7;
/** A SIM not seen on the network for longer than this fails registration; seen within it but detached, warns. */
export const LAST_SEEN_FAIL_HOURS = 24;

/** What the operator should hold, by the provider's status (null: anything goes while a change is under way). */
function expectedProvisioning(status: TSim['status']): TOperatorProvisioning | null {
  switch (status) {
    case 'ACTIVE':
    case 'BARRED':
      return 'ACTIVE';
    case 'SUSPENDED':
      return 'SUSPENDED';
    case 'TERMINATED':
    case 'REPLACED':
      return 'DEACTIVATED';
    case 'IN_STOCK':
    case 'ALLOCATED':
      return 'NOT_PROVISIONED';
    default:
      return null;
  }
}

function providerStatus(sim: TSim): TDiagnosisCheck {
  const evidence = { status: sim.status, reason: sim.statusReason };
  switch (sim.status) {
    case 'ACTIVE':
      return check('PROVIDER_STATUS', 'PASS', 'ACTIVE', 'The SIM is active', evidence);
    case 'SUSPENDED':
      return check('PROVIDER_STATUS', 'FAIL', 'SUSPENDED', 'The SIM is suspended: it cannot reach the network', evidence, 'RESUME');
    case 'ALLOCATED':
      return check('PROVIDER_STATUS', 'FAIL', 'NOT_ACTIVATED', 'The SIM has not been activated', evidence, 'ACTIVATE');
    case 'BARRED':
      return check('PROVIDER_STATUS', 'FAIL', 'BARRED', `The SIM is barred${sim.statusReason ? `: ${sim.statusReason}` : ''}`, evidence);
    case 'IN_STOCK':
      return check('PROVIDER_STATUS', 'FAIL', 'IN_STOCK', 'The SIM is in stock: it belongs to no organisation yet', evidence);
    case 'TERMINATED':
    case 'REPLACED':
      return check('PROVIDER_STATUS', 'FAIL', sim.status, `The SIM is ${sim.status.toLowerCase()}: it will not work again`, evidence);
    default:
      return check('PROVIDER_STATUS', 'WARN', 'CHANGING', `A change is under way (${sim.status})`, evidence);
  }
}

type TProfile = TSim['primary'];

/**
 * A check of each profile from what its operator last reported: a profile never asked warns, with Refresh as the fix;
 * the others are decided by `decide`.
 */
function perProfile(
  key: TDiagnosisCheckKey,
  input: TDiagnosisInput,
  profiles: TProfile[],
  decide: (p: TProfile, state: TNetworkState) => TDiagnosisCheck,
): TDiagnosisCheck[] {
  return profiles.map((p) => {
    const state = input.network.get(p.ICCID);
    if (state) return decide(p, state);
    return check(key, 'WARN', 'NOT_ASKED', `${p.operator} has not been asked yet`, { operator: p.operator }, 'REFRESH', p.ICCID);
  });
}

function provisioningChecks(input: TDiagnosisInput, profiles: TProfile[]): TDiagnosisCheck[] {
  const expected = expectedProvisioning(input.sim.status);
  return perProfile('OPERATOR_PROVISIONING', input, profiles, (p, state) => {
    const evidence = { operator: p.operator, atOperator: state.provisioning, expected, checkedAt: state.checkedAt };
    if (expected === null)
      return check(
        'OPERATOR_PROVISIONING',
        'WARN',
        'CHANGING',
        `${p.operator} holds it ${state.provisioning} while a change is under way`,
        evidence,
        null,
        p.ICCID,
      );
    if (state.provisioning === expected)
      return check(
        'OPERATOR_PROVISIONING',
        'PASS',
        'MATCHES',
        `${p.operator} holds it ${state.provisioning}, as it should`,
        evidence,
        null,
        p.ICCID,
      );
    // The provider's state can be sent again where it names an operation; a SIM in stock has nothing to send.
    const operation = STATE_SYNC_OPERATION[input.sim.status] ?? null;
    return check(
      'OPERATOR_PROVISIONING',
      'FAIL',
      'MISMATCH',
      `${p.operator} holds it ${state.provisioning}, but it should be ${expected}`,
      evidence,
      operation ? 'SYNC_STATE' : null,
      p.ICCID,
      operation,
    );
  });
}

function registrationChecks(input: TDiagnosisInput, profiles: TProfile[]): TDiagnosisCheck[] {
  return perProfile('REGISTRATION', input, profiles, (p, state) => {
    const evidence = {
      operator: p.operator,
      attached: state.attached,
      network: state.network,
      rat: state.rat,
      cellId: state.cellId,
      lac: state.lac,
      roaming: state.roaming,
      lastSeenAt: state.lastSeenAt,
    };
    if (state.attached && !state.roaming)
      return check('REGISTRATION', 'PASS', 'ATTACHED', `Registered on ${state.network} (${state.rat})`, evidence, null, p.ICCID);
    if (state.attached)
      return check('REGISTRATION', 'WARN', 'ROAMING', `Roaming on ${state.network} (${state.rat})`, evidence, null, p.ICCID);
    if (!state.lastSeenAt) return check('REGISTRATION', 'FAIL', 'NEVER_SEEN', 'Never seen on any network', evidence, null, p.ICCID);
    const hours = (input.now.getTime() - Date.parse(state.lastSeenAt)) / 3_600_000;
    return hours > LAST_SEEN_FAIL_HOURS
      ? check(
          'REGISTRATION',
          'FAIL',
          'NOT_SEEN_LATELY',
          `Not on the network; last seen ${Math.floor(hours)} hours ago`,
          evidence,
          null,
          p.ICCID,
        )
      : check(
          'REGISTRATION',
          'WARN',
          'DETACHED',
          `Not on the network now; last seen ${Math.max(1, Math.round(hours * 60))} minutes ago`,
          evidence,
          null,
          p.ICCID,
        );
  });
}

function sessionChecks(input: TDiagnosisInput, profiles: TProfile[]): TDiagnosisCheck[] {
  return perProfile('DATA_SESSION', input, profiles, (p, state) => {
    const s = state.lastSession;
    if (!s) return check('DATA_SESSION', 'FAIL', 'NO_SESSION', 'No data session reported', { operator: p.operator }, null, p.ICCID);
    const evidence = {
      operator: p.operator,
      startedAt: s.startedAt,
      endedAt: s.endedAt,
      apn: s.apn,
      ip: s.ip,
      bytesUp: s.bytesUp,
      bytesDown: s.bytesDown,
    };
    if (input.sim.apn && s.apn !== input.sim.apn) {
      return check(
        'DATA_SESSION',
        'FAIL',
        'APN_DIFFERS',
        `The device uses the APN ${s.apn}, but the SIM is set to ${input.sim.apn}`,
        { ...evidence, expectedApn: input.sim.apn },
        'EDIT_SIM',
        p.ICCID,
      );
    }
    return check(
      'DATA_SESSION',
      'PASS',
      s.endedAt ? 'ENDED' : 'OPEN',
      `Last session on ${s.apn}${s.endedAt ? '' : ', still open'}`,
      evidence,
      null,
      p.ICCID,
    );
  });
}

function planCheck(input: TDiagnosisInput): TDiagnosisCheck {
  const { sim, now } = input;
  const evidence = { planId: sim.planId, expiresAt: sim.expiresAt };
  if (!sim.planId) return check('PLAN', sim.status === 'ACTIVE' ? 'FAIL' : 'WARN', 'NO_PLAN', 'No plan on the SIM', evidence);
  if (!sim.expiresAt) return check('PLAN', 'PASS', 'NO_EXPIRY', 'The plan does not expire', evidence);
  const days = (Date.parse(sim.expiresAt) - now.getTime()) / DAY_MS;
  if (days < 0) return check('PLAN', 'FAIL', 'EXPIRED', 'The plan has expired', evidence);
  if (days <= PLAN_EXPIRY_WARN_DAYS) return check('PLAN', 'WARN', 'EXPIRES_SOON', `The plan expires in ${Math.ceil(days)} days`, evidence);
  return check('PLAN', 'PASS', 'VALID', `The plan is valid for ${Math.floor(days)} more days`, evidence);
}

const mb = (bytes: number) => Math.round((bytes / BYTES_PER_MB) * 10) / 10;

function allowanceCheck(input: TDiagnosisInput): TDiagnosisCheck {
  const a = input.allowance;
  if (!a) return check('ALLOWANCE', 'PASS', 'NO_ALLOWANCE', 'No plan period to measure usage against');
  const evidence = {
    usedMb: mb(a.usedBytes),
    dataMb: a.dataMb,
    usedSms: a.usedSms,
    smsCount: a.smsCount,
    overLimitAction: a.overLimitAction,
    ingestedThrough: input.ingestedThrough,
  };
  if (!input.ingestedThrough) return check('ALLOWANCE', 'WARN', 'NOT_INGESTED', 'No usage has been ingested yet', evidence);
  const share = (used: number, allowed: number) => (allowed > 0 ? used / allowed : used > 0 ? Number.POSITIVE_INFINITY : 0);
  const used = Math.max(share(a.usedBytes, a.dataMb * BYTES_PER_MB), share(a.usedSms, a.smsCount));
  const figures = `${mb(a.usedBytes)} of ${a.dataMb} MB and ${a.usedSms} of ${a.smsCount} SMS`;
  if (used >= 1) {
    switch (a.overLimitAction) {
      case 'BAR':
        return check('ALLOWANCE', 'FAIL', 'OVER_BARRED', `Used ${figures}: the plan bars the SIM until its next period`, evidence);
      case 'THROTTLE':
        return check('ALLOWANCE', 'WARN', 'OVER_THROTTLED', `Used ${figures}: the operator slows its data`, evidence);
      default:
        return check('ALLOWANCE', 'WARN', 'OVER_CHARGED', `Used ${figures}: use past the allowance is charged`, evidence);
    }
  }
  if (used >= ALLOWANCE_WARN_SHARE) return check('ALLOWANCE', 'WARN', 'NEAR_LIMIT', `Used ${figures}: close to the allowance`, evidence);
  return check('ALLOWANCE', 'PASS', 'WITHIN', `Used ${figures}`, evidence);
}

function walletCheck(input: TDiagnosisInput): TDiagnosisCheck {
  const r = input.renewal;
  if (!r) return check('WALLET', 'PASS', 'NOTHING_TO_RENEW', 'No plan to renew');
  const evidence = { available: r.available, renewalPrice: r.price, expiresAt: input.sim.expiresAt };
  if (!r.offered) {
    return check('WALLET', 'WARN', 'NOT_OFFERED', 'The plan is no longer offered to the organisation: it cannot be renewed', evidence);
  }
  if (r.enough) return check('WALLET', 'PASS', 'COVERED', "The organisation's wallet covers the next renewal", evidence);
  const soon = !input.sim.expiresAt || Date.parse(input.sim.expiresAt) - input.now.getTime() <= PLAN_EXPIRY_WARN_DAYS * DAY_MS;
  return check(
    'WALLET',
    soon ? 'FAIL' : 'WARN',
    'SHORT',
    "The organisation's wallet does not cover the next renewal",
    evidence,
    'TOP_UP',
    null,
    input.sim.organization?.id ?? null,
  );
}

function imeiCheck(input: TDiagnosisInput, profiles: TProfile[]): TDiagnosisCheck {
  const { sim } = input;
  // The newest IMEI any operator saw the SIM in.
  const seen =
    profiles
      .map((p) => input.network.get(p.ICCID))
      .filter((s): s is TNetworkState => !!s?.imeiSeen)
      .sort((a, b) => (b.lastSeenAt ?? '').localeCompare(a.lastSeenAt ?? ''))[0]?.imeiSeen ?? null;
  const evidence = { locked: sim.imeiLock, lockedImei: sim.lockedImei, imeiSeen: seen };
  if (!sim.imeiLock) {
    return seen
      ? check('IMEI_LOCK', 'PASS', 'NOT_LOCKED', `Not locked; seen in ${seen}`, evidence, 'IMEI_LOCK', null, seen)
      : check('IMEI_LOCK', 'PASS', 'NOT_LOCKED', 'Not locked to a device', evidence);
  }
  if (!seen) return check('IMEI_LOCK', 'WARN', 'NOT_SEEN', `Locked to ${sim.lockedImei}; no device seen yet`, evidence);
  if (seen === sim.lockedImei) return check('IMEI_LOCK', 'PASS', 'MATCHES', `Locked to ${seen}, the device it is in`, evidence);
  return check(
    'IMEI_LOCK',
    'FAIL',
    'IMEI_DIFFERS',
    `Locked to ${sim.lockedImei}, but it is in another device (${seen}): the network refuses it there`,
    evidence,
    'IMEI_UNLOCK',
  );
}

function whitelistChecks(input: TDiagnosisInput, kind: TWhitelistKind): TDiagnosisCheck[] {
  const key = kind === 'IP' ? 'WHITELIST_IP' : 'WHITELIST_NUMBER';
  const rows = input.whitelists[kind].filter((w) => w.group !== null || w.state === 'FAILED');
  if (rows.length === 0) return [check(key, 'PASS', 'NONE', `No ${kind === 'IP' ? 'IP' : 'number'} whitelist on the SIM`)];
  return rows.map((w) => {
    const evidence = { operator: w.operator, group: w.group?.name ?? null, state: w.state, error: w.error, outdated: w.outdated };
    const group = w.group?.name ?? 'the whitelist';
    switch (w.state) {
      case 'APPLIED':
        return w.outdated
          ? check(
              key,
              'WARN',
              'OUTDATED',
              `${w.operator} holds an older version of ${group}`,
              evidence,
              'RESYNC_WHITELIST',
              w.iccid,
              w.group?.id ?? null,
            )
          : check(key, 'PASS', 'APPLIED', `${w.operator} holds ${group}`, evidence, null, w.iccid);
      case 'DRIFTED':
      case 'FAILED':
        return check(
          key,
          'FAIL',
          w.state,
          w.state === 'DRIFTED' ? `${w.operator} holds something else than ${group}` : `${w.operator} refused ${group}`,
          evidence,
          w.group ? 'RESYNC_WHITELIST' : null,
          w.iccid,
          w.group?.id ?? null,
        );
      case 'REMOVED':
        return check(key, 'PASS', 'REMOVED', `${w.operator} holds no whitelist: it was taken off`, evidence, null, w.iccid);
      default:
        return check(
          key,
          'WARN',
          w.state,
          `${group} is ${w.state === 'SCHEDULED' ? 'scheduled' : 'on its way'} to ${w.operator}`,
          evidence,
          null,
          w.iccid,
        );
    }
  });
}

function openRequestsCheck(input: TDiagnosisInput): TDiagnosisCheck {
  const tasks = input.openTasks;
  if (tasks.length === 0) return check('OPEN_REQUESTS', 'PASS', 'NONE', 'No request under way on the SIM');
  const first = tasks[0]!;
  return check(
    'OPEN_REQUESTS',
    'WARN',
    'UNDER_WAY',
    `${tasks.length === 1 ? 'A request is' : `${tasks.length} requests are`} under way: ${first.type} (${first.batchJobId}, ${first.status})`,
    { count: tasks.length, batchJobId: first.batchJobId, type: first.type, status: first.status },
    'OPEN_REQUEST',
    null,
    first.requestId,
  );
}

/** Every check of the SIM, in the page's order. */
export function diagnose(input: TDiagnosisInput): TDiagnosisCheck[] {
  const profiles = [input.sim.primary, ...input.sim.provisioned];
  return [
    providerStatus(input.sim),
    ...provisioningChecks(input, profiles),
    ...registrationChecks(input, profiles),
    ...sessionChecks(input, profiles),
    planCheck(input),
    allowanceCheck(input),
    walletCheck(input),
    imeiCheck(input, profiles),
    ...whitelistChecks(input, 'IP'),
    ...whitelistChecks(input, 'NUMBER'),
    openRequestsCheck(input),
  ];
}
