import type { TNetworkState } from '@tarang/shared/sims/network-state';
import type { TSim } from '@tarang/shared/sims/sim.schemas';
import { BYTES_PER_MB, type TUsageAllowance } from '@tarang/shared/sims/usage.schemas';
import type { TSimWhitelist } from '@tarang/shared/whitelists/whitelist.schemas';
import { describe, expect, it } from 'vitest';
import { diagnose, type TDiagnosisInput, type TRenewal } from './diagnosis-checks';

/** Each check of the diagnosis in each of its outcomes, from the provider's records and an operator's report. */

const NOW = new Date('2026-11-25T10:00:00.000Z');
const ICCID = '8991000000000000018';

const SIM: TSim = {
  id: 'sim-1',
  iccid: ICCID,
  primary: { ICCID, IMSI: '404450000000001', MSISDN: '+915000000000001', operator: 'AIRTEL' },
  provisioned: [],
  profile: 'AIRTEL',
  status: 'ACTIVE',
  intendedStatus: null,
  statusReason: null,
  organization: { id: 'org-1', tradeName: 'Godavari Telematics' },
  planId: 'plan-1',
  activatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-01-01T00:00:00.000Z',
  apn: null,
  staticIp: null,
  imeiLock: false,
  lockedImei: null,
  lastImei: null,
  label: null,
  tags: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const STATE: TNetworkState = {
  iccid: ICCID,
  operator: 'AIRTEL',
  provisioning: 'ACTIVE',
  attached: true,
  rat: 'NB-IoT',
  network: 'AIRTEL (404-45)',
  roaming: false,
  cellId: '1234567',
  lac: '4321',
  lastSeenAt: '2026-11-25T09:55:00.000Z',
  lastSession: {
    startedAt: '2026-11-25T09:00:00.000Z',
    endedAt: null,
    bytesUp: 1000,
    bytesDown: 2000,
    apn: 'airtel.m2m',
    ip: '10.0.0.1',
  },
  smsMo: 0,
  smsMt: 0,
  imeiSeen: '867169050000019',
  checkedAt: '2026-11-25T09:59:00.000Z',
};

const WHITELIST: TSimWhitelist = {
  iccid: ICCID,
  simId: 'sim-1',
  primaryIccid: ICCID,
  organization: { id: 'org-1', tradeName: 'Godavari Telematics' },
  operator: 'AIRTEL',
  kind: 'IP',
  group: { id: 'group-1', name: 'Telemetry back ends' },
  itemsCount: 2,
  state: 'APPLIED',
  outdated: false,
  error: null,
  requestId: 'request-1',
  batchJobId: 'BJ00000001',
  scheduledAt: null,
  updatedAt: '2026-11-20T00:00:00.000Z',
};

const ALLOWANCE: TUsageAllowance = {
  planId: 'plan-1',
  planName: 'Telemetry 1 GB',
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2027-01-01T00:00:00.000Z',
  dataMb: 1000,
  smsCount: 100,
  usedBytes: 100 * BYTES_PER_MB,
  usedSms: 10,
  overLimitAction: 'BAR',
};

type TOver = {
  sim?: Partial<TSim>;
  state?: Partial<TNetworkState> | null;
  ip?: Partial<TSimWhitelist>[];
  open?: number;
  allowance?: Partial<TUsageAllowance> | null;
  ingestedThrough?: string | null;
  renewal?: Partial<TRenewal> | null;
};

function run(over: TOver = {}) {
  const input: TDiagnosisInput = {
    sim: { ...SIM, ...over.sim },
    network: new Map(over.state === null ? [] : [[ICCID, { ...STATE, ...over.state }]]),
    whitelists: { IP: (over.ip ?? []).map((w) => ({ ...WHITELIST, ...w })), NUMBER: [] },
    openTasks: Array.from({ length: over.open ?? 0 }, (_, i) => ({
      batchJobId: `BJ0000001${i}`,
      requestId: `request-${i}`,
      type: 'SUSPEND',
      status: 'QUEUED',
    })),
    allowance: over.allowance === null ? null : { ...ALLOWANCE, ...over.allowance },
    ingestedThrough: over.ingestedThrough === undefined ? '2026-11-24' : over.ingestedThrough,
    renewal: over.renewal === null ? null : { offered: true, enough: true, price: 49_900, available: 1_000_000, ...over.renewal },
    now: NOW,
  };
  const checks = diagnose(input);
  return (key: string) => {
    const found = checks.filter((c) => c.key === key);
    expect(found, key).toHaveLength(1);
    return found[0]!;
  };
}

describe('the diagnosis checks', () => {
  it('provider status: active passes; suspended and not activated fail with their fix; ended ones fail without one', () => {
    expect(run()('PROVIDER_STATUS')).toMatchObject({ outcome: 'PASS', fix: null });
    expect(run({ sim: { status: 'SUSPENDED' } })('PROVIDER_STATUS')).toMatchObject({ outcome: 'FAIL', fix: { action: 'RESUME' } });
    expect(run({ sim: { status: 'ALLOCATED' } })('PROVIDER_STATUS')).toMatchObject({ outcome: 'FAIL', fix: { action: 'ACTIVATE' } });
    expect(run({ sim: { status: 'BARRED', statusReason: 'Quota used up' } })('PROVIDER_STATUS')).toMatchObject({
      outcome: 'FAIL',
      summary: 'The SIM is barred: Quota used up',
    });
    for (const status of ['TERMINATED', 'REPLACED', 'IN_STOCK'] as const)
      expect(run({ sim: { status } })('PROVIDER_STATUS')).toMatchObject({ outcome: 'FAIL', fix: null });
    expect(run({ sim: { status: 'PENDING_SUSPENDED' } })('PROVIDER_STATUS')).toMatchObject({ outcome: 'WARN', reason: 'CHANGING' });
  });

  it('operator provisioning: as ours passes, otherwise fails; not asked warns with Refresh; a change under way warns', () => {
    expect(run()('OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'PASS', reason: 'MATCHES' });
    expect(run({ state: { provisioning: 'SUSPENDED' } })('OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'FAIL', reason: 'MISMATCH' });
    expect(run({ state: null })('OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'WARN', fix: { action: 'REFRESH' } });
    expect(run({ sim: { status: 'PENDING_ACTIVE' } })('OPERATOR_PROVISIONING')).toMatchObject({ outcome: 'WARN', reason: 'CHANGING' });
  });

  it('registration: attached passes, roaming warns, detached lately warns, not seen for a day or never fails', () => {
    expect(run()('REGISTRATION')).toMatchObject({ outcome: 'PASS', summary: 'Registered on AIRTEL (404-45) (NB-IoT)' });
    expect(run({ state: { roaming: true, network: 'VI (404-20)' } })('REGISTRATION')).toMatchObject({ outcome: 'WARN', reason: 'ROAMING' });
    expect(run({ state: { attached: false, lastSeenAt: '2026-11-25T09:30:00.000Z' } })('REGISTRATION')).toMatchObject({
      outcome: 'WARN',
      reason: 'DETACHED',
      summary: 'Not on the network now; last seen 30 minutes ago',
    });
    expect(run({ state: { attached: false, lastSeenAt: '2026-11-23T10:00:00.000Z' } })('REGISTRATION')).toMatchObject({
      outcome: 'FAIL',
      reason: 'NOT_SEEN_LATELY',
      summary: 'Not on the network; last seen 48 hours ago',
    });
    expect(run({ state: { attached: false, lastSeenAt: null } })('REGISTRATION')).toMatchObject({ outcome: 'FAIL', reason: 'NEVER_SEEN' });
  });

  it('data session: none fails; an APN other than the SIM’s fails with Edit as the fix', () => {
    expect(run()('DATA_SESSION')).toMatchObject({ outcome: 'PASS', reason: 'OPEN' });
    expect(run({ state: { lastSession: null } })('DATA_SESSION')).toMatchObject({ outcome: 'FAIL', reason: 'NO_SESSION' });
    expect(run({ sim: { apn: 'private.corp' } })('DATA_SESSION')).toMatchObject({
      outcome: 'FAIL',
      reason: 'APN_DIFFERS',
      fix: { action: 'EDIT_SIM' },
      evidence: { apn: 'airtel.m2m', expectedApn: 'private.corp' },
    });
  });

  it('plan: valid passes, expiring within a week warns, expired or missing on an active SIM fails', () => {
    expect(run()('PLAN')).toMatchObject({ outcome: 'PASS', reason: 'VALID' });
    expect(run({ sim: { expiresAt: '2026-11-28T10:00:00.000Z' } })('PLAN')).toMatchObject({
      outcome: 'WARN',
      summary: 'The plan expires in 3 days',
    });
    expect(run({ sim: { expiresAt: '2026-11-24T10:00:00.000Z' } })('PLAN')).toMatchObject({ outcome: 'FAIL', reason: 'EXPIRED' });
    expect(run({ sim: { planId: null } })('PLAN')).toMatchObject({ outcome: 'FAIL', reason: 'NO_PLAN' });
    expect(run({ sim: { planId: null, status: 'ALLOCATED' } })('PLAN')).toMatchObject({ outcome: 'WARN', reason: 'NO_PLAN' });
  });

  it('allowance: within passes, past 80% warns, past it fails when the plan bars and warns when it slows or charges', () => {
    expect(run()('ALLOWANCE')).toMatchObject({ outcome: 'PASS', reason: 'WITHIN', evidence: { usedMb: 100, dataMb: 1000 } });
    expect(run({ allowance: { usedBytes: 850 * BYTES_PER_MB } })('ALLOWANCE')).toMatchObject({ outcome: 'WARN', reason: 'NEAR_LIMIT' });
    expect(run({ allowance: { usedSms: 95 } })('ALLOWANCE')).toMatchObject({ outcome: 'WARN', reason: 'NEAR_LIMIT' });
    expect(run({ allowance: { usedBytes: 1000 * BYTES_PER_MB } })('ALLOWANCE')).toMatchObject({ outcome: 'FAIL', reason: 'OVER_BARRED' });
    expect(run({ allowance: { usedBytes: 2000 * BYTES_PER_MB, overLimitAction: 'THROTTLE' } })('ALLOWANCE')).toMatchObject({
      outcome: 'WARN',
      reason: 'OVER_THROTTLED',
    });
    expect(run({ allowance: { usedSms: 101, overLimitAction: 'CHARGE' } })('ALLOWANCE')).toMatchObject({
      outcome: 'WARN',
      reason: 'OVER_CHARGED',
    });
    // A plan with no SMS allowance: one SMS sent is past it.
    expect(run({ allowance: { smsCount: 0, usedSms: 1 } })('ALLOWANCE')).toMatchObject({ outcome: 'FAIL', reason: 'OVER_BARRED' });
    expect(run({ allowance: null })('ALLOWANCE')).toMatchObject({ outcome: 'PASS', reason: 'NO_ALLOWANCE' });
    expect(run({ ingestedThrough: null })('ALLOWANCE')).toMatchObject({ outcome: 'WARN', reason: 'NOT_INGESTED' });
  });

  it('wallet: covered passes; short warns, and fails with Top up when the plan ends within a week; a plan no longer offered warns', () => {
    expect(run()('WALLET')).toMatchObject({ outcome: 'PASS', reason: 'COVERED', evidence: { available: 1_000_000, renewalPrice: 49_900 } });
    expect(run({ renewal: { enough: false, available: 100 } })('WALLET')).toMatchObject({
      outcome: 'WARN',
      reason: 'SHORT',
      fix: { action: 'TOP_UP', target: 'org-1' },
    });
    expect(run({ sim: { expiresAt: '2026-11-28T00:00:00.000Z' }, renewal: { enough: false } })('WALLET')).toMatchObject({
      outcome: 'FAIL',
      reason: 'SHORT',
    });
    expect(run({ renewal: { offered: false, enough: false, price: null } })('WALLET')).toMatchObject({
      outcome: 'WARN',
      reason: 'NOT_OFFERED',
    });
    expect(run({ renewal: null })('WALLET')).toMatchObject({ outcome: 'PASS', reason: 'NOTHING_TO_RENEW' });
    // A caller who may not see the wallet learns only whether it is covered.
    expect(run({ renewal: { price: null, available: null } })('WALLET').evidence).toMatchObject({ available: null, renewalPrice: null });
  });

  it('IMEI lock: matching passes, another device fails with Unlock, locked with no device seen warns', () => {
    expect(run()('IMEI_LOCK')).toMatchObject({
      outcome: 'PASS',
      reason: 'NOT_LOCKED',
      fix: { action: 'IMEI_LOCK', target: STATE.imeiSeen },
    });
    const locked = { imeiLock: true, lockedImei: STATE.imeiSeen };
    expect(run({ sim: locked })('IMEI_LOCK')).toMatchObject({ outcome: 'PASS', reason: 'MATCHES' });
    expect(run({ sim: locked, state: { imeiSeen: '356938035643809' } })('IMEI_LOCK')).toMatchObject({
      outcome: 'FAIL',
      reason: 'IMEI_DIFFERS',
      fix: { action: 'IMEI_UNLOCK' },
    });
    expect(run({ sim: locked, state: null })('IMEI_LOCK')).toMatchObject({ outcome: 'WARN', reason: 'NOT_SEEN' });
  });

  it('whitelists: none and applied pass; outdated warns; drifted and failed fail with Re-sync of their group', () => {
    expect(run()('WHITELIST_IP')).toMatchObject({ outcome: 'PASS', reason: 'NONE' });
    expect(run({ ip: [{}] })('WHITELIST_IP')).toMatchObject({ outcome: 'PASS', reason: 'APPLIED' });
    expect(run({ ip: [{ outdated: true }] })('WHITELIST_IP')).toMatchObject({
      outcome: 'WARN',
      fix: { action: 'RESYNC_WHITELIST', target: 'group-1' },
    });
    for (const state of ['DRIFTED', 'FAILED'] as const)
      expect(run({ ip: [{ state }] })('WHITELIST_IP')).toMatchObject({
        outcome: 'FAIL',
        reason: state,
        fix: { action: 'RESYNC_WHITELIST' },
      });
    expect(run({ ip: [{ state: 'PENDING' }] })('WHITELIST_IP')).toMatchObject({ outcome: 'WARN', reason: 'PENDING' });
  });

  it('open requests: none passes; any warns and opens the first', () => {
    expect(run()('OPEN_REQUESTS')).toMatchObject({ outcome: 'PASS' });
    expect(run({ open: 2 })('OPEN_REQUESTS')).toMatchObject({
      outcome: 'WARN',
      summary: '2 requests are under way: SUSPEND (BJ00000010, QUEUED)',
      fix: { action: 'OPEN_REQUEST', target: 'request-0' },
    });
  });
});
